// One open position: live P/L from the socket's ticks (preview.ts liveProfit, the shared maths), and Close behind a
// confirmation that shows the price it would close at now and the P/L it would settle.
import { useRef, useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { Order } from '#contract/orders.ts'
import { closePrice, type Rates } from '#contract/trading-math.ts'
import { Badge } from '../../../components/ui/badge.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { Sheet } from '../../../components/ui/sheet.tsx'
import { toast } from '../../../components/ui/toast.tsx'
import { useFormat } from '../../../lib/format.ts'
import { useIsOnline } from '../../../lib/use-is-online.ts'
import { operationKeys, useClosePosition } from '../api.ts'
import { useLotsText } from '../use-lots-text.ts'
import { SIDE_LABELS } from '../labels.ts'
import { liveProfit, type Market } from '../preview.ts'
import { ManagePartialSheet } from './manage-partial-sheet.tsx'
import { ManageStopsSheet } from './manage-stops-sheet.tsx'
import { OrderFacts, ProfitText } from './order-facts.tsx'
import '../manage.css'

export function PositionItem({ order, market, rates, currency }: { order: Order; market: Market; rates: Rates; currency: string }) {
  const { t, i18n } = useLingui()
  const f = useFormat()
  const lotsText = useLotsText()
  const isOnline = useIsOnline()
  const [isAsking, setIsAsking] = useState(false)
  const [managing, setManaging] = useState<'stops' | 'partial' | null>(null)
  const close = useClosePosition()
  const keys = useRef(operationKeys()).current
  const inst = market.instrument(order.symbol)
  const quote = market.quote(order.symbol)
  const digits = inst?.digits
  const pl = liveProfit(order, market, rates).toFixed(2)
  const plText = `${f.amount(pl, { signed: true })} ${currency}`
  const now = quote ? closePrice(order.side, quote).toFixed(digits ?? 5) : order.lastPrice
  const price = (v: string | null) => (v ? f.price(v, digits) : '—')
  const symbol = order.symbol
  const handleClose = () => {
    const body = { orderNo: order.orderNo }
    close.mutate(
      { body, idempotencyKey: keys.keyFor(body) },
      {
        onSuccess: () => {
          setIsAsking(false)
          toast(t`Position closed`, 'success')
        },
        onError: (e) => keys.settled(e),
      },
    )
  }
  return (
    <li className="order-item" id={`order-${order.orderNo}`} data-testid="position" data-order-no={order.orderNo} data-symbol={symbol}>
      <div className="order-head">
        <span className="order-title">
          {symbol}
          <Badge tone={order.side === 'buy' ? 'up' : 'down'}>{i18n._(SIDE_LABELS[order.side])}</Badge>
          <span className="caption">{lotsText(order.lots)}</span>
        </span>
        <ProfitText value={pl} text={plText} testId="position-pl" />
      </div>
      <OrderFacts
        facts={[
          [<Trans>Open price</Trans>, price(order.openPrice)],
          [<Trans>Current price</Trans>, price(now), 'position-price'],
          [<Trans>Take profit</Trans>, price(order.takeProfit)],
          [<Trans>Stop loss</Trans>, price(order.stopLoss)],
          [<Trans>Margin</Trans>, `${f.amount(order.margin)} ${currency}`],
          [<Trans>Leverage</Trans>, `1:${order.leverage}`],
        ]}
      />
      <div className="order-actions">
        <Button variant="secondary" onClick={() => setIsAsking(true)} disabled={!isOnline} data-testid="position-close">
          <Trans>Close position {symbol}</Trans>
        </Button>
        <Button variant="secondary" onClick={() => setManaging('stops')} disabled={!isOnline} data-testid="position-stops">
          <Trans>TP/SL</Trans>
        </Button>
        <Button variant="secondary" onClick={() => setManaging('partial')} disabled={!isOnline} data-testid="position-partial">
          <Trans>Close part</Trans>
        </Button>
      </div>
      {managing === 'stops' && <ManageStopsSheet order={order} market={market} rates={rates} currency={currency} onClose={() => setManaging(null)} />}
      {managing === 'partial' && <ManagePartialSheet order={order} market={market} currency={currency} onClose={() => setManaging(null)} />}
      <Sheet
        open={isAsking}
        onClose={() => setIsAsking(false)}
        title={<Trans>Close this position?</Trans>}
        footer={
          <div className="sheet-actions">
            <Button variant="secondary" onClick={() => setIsAsking(false)}>
              <Trans>Keep it open</Trans>
            </Button>
            <Button variant="danger" loading={close.isPending} disabled={!isOnline} onClick={handleClose} data-testid="position-close-confirm">
              <Trans>Close at {price(now)}</Trans>
            </Button>
          </div>
        }
      >
        <p>
          <Trans>
            {symbol} closes at the current price, about {price(now)}, and settles {plText}. The margin of {f.amount(order.margin)} {currency} is released.
          </Trans>
        </p>
        {close.error && <ErrorState error={close.error} compact />}
      </Sheet>
    </li>
  )
}

