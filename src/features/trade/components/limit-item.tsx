import { useRef, useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { Order } from '#contract/orders.ts'
import { openPrice } from '#contract/trading-math.ts'
import { Badge } from '../../../components/ui/badge.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { Sheet } from '../../../components/ui/sheet.tsx'
import { toast } from '../../../components/ui/toast.tsx'
import { useFormat } from '../../../lib/format.ts'
import { useIsOnline } from '../../../lib/use-is-online.ts'
import { operationKeys, useCancelLimit } from '../api.ts'
import { useLotsText } from '../use-lots-text.ts'
import { orderLabel } from '../labels.ts'
import type { Market } from '../preview.ts'
import { ratesFromQuotes } from '#contract/trading-math.ts'
import { ManageEditLimitSheet } from './manage-edit-limit-sheet.tsx'
import { ManageStopsSheet } from './manage-stops-sheet.tsx'
import { OrderFacts } from './order-facts.tsx'
import '../manage.css'

/** A pending limit or stop order, named by its type ("Buy stop"): the price it waits for against the price now, and Cancel behind a confirmation. */
export function LimitItem({ order, market, currency }: { order: Order; market: Market; currency: string }) {
  const { t, i18n } = useLingui()
  const f = useFormat()
  const lotsText = useLotsText()
  const isOnline = useIsOnline()
  const [isAsking, setIsAsking] = useState(false)
  const [managing, setManaging] = useState<'stops' | 'edit' | null>(null)
  const cancel = useCancelLimit()
  const keys = useRef(operationKeys()).current
  const digits = market.instrument(order.symbol)?.digits
  const quote = market.quote(order.symbol)
  const price = (v: string | null | undefined) => (v ? f.price(v, digits) : '—')
  const limit = price(order.limitPrice)
  const symbol = order.symbol
  const side = i18n._(orderLabel(order))
  const isStop = order.pendingType === 'stop'
  const handleCancel = () => {
    const body = { orderNo: order.orderNo }
    cancel.mutate(
      { body, idempotencyKey: keys.keyFor(body) },
      {
        onSuccess: () => {
          setIsAsking(false)
          toast(isStop ? t`Stop order cancelled` : t`Limit order cancelled`, 'success')
        },
        onError: (e) => keys.settled(e),
      },
    )
  }
  return (
    <li className="order-item" data-testid="limit-order" data-order-no={order.orderNo} data-type={order.pendingType ?? undefined}>
      <div className="order-head">
        <span className="order-title">
          {symbol}
          <Badge tone={order.side === 'buy' ? 'up' : 'down'}>{side}</Badge>
          <span className="caption">{lotsText(order.lots)}</span>
        </span>
        <Badge tone="info">
          <Trans context="order status">Pending</Trans>
        </Badge>
      </div>
      <OrderFacts
        facts={[
          [isStop ? <Trans>Stop price</Trans> : <Trans>Limit price</Trans>, limit],
          [<Trans>Price now</Trans>, quote ? price(openPrice(order.side, quote).toFixed(digits ?? 5)) : '—'],
          [<Trans>Take profit</Trans>, price(order.takeProfit)],
          [<Trans>Stop loss</Trans>, price(order.stopLoss)],
          [<Trans>Margin held</Trans>, `${f.amount(order.margin)} ${currency}`],
          [<Trans>Leverage</Trans>, `1:${order.leverage}`],
        ]}
      />
      <div className="order-actions">
        <Button variant="secondary" onClick={() => setIsAsking(true)} disabled={!isOnline} data-testid="limit-cancel">
          {isStop ? <Trans>Cancel stop order {symbol}</Trans> : <Trans>Cancel limit order {symbol}</Trans>}
        </Button>
        <Button variant="secondary" onClick={() => setManaging('stops')} disabled={!isOnline} data-testid="limit-stops">
          <Trans>TP/SL</Trans>
        </Button>
        <Button variant="secondary" onClick={() => setManaging('edit')} disabled={!isOnline} data-testid="limit-edit">
          <Trans>Change price or lots</Trans>
        </Button>
      </div>
      {managing === 'stops' && <ManageStopsSheet order={order} market={market} rates={ratesFromQuotes(market.quotes)} currency={currency} onClose={() => setManaging(null)} />}
      {managing === 'edit' && <ManageEditLimitSheet order={order} market={market} currency={currency} onClose={() => setManaging(null)} />}
      <Sheet
        open={isAsking}
        onClose={() => setIsAsking(false)}
        title={isStop ? <Trans>Cancel this stop order?</Trans> : <Trans>Cancel this limit order?</Trans>}
        footer={
          <div className="sheet-actions">
            <Button variant="secondary" onClick={() => setIsAsking(false)}>
              <Trans>Keep it</Trans>
            </Button>
            <Button variant="danger" loading={cancel.isPending} disabled={!isOnline} onClick={handleCancel} data-testid="limit-cancel-confirm">
              <Trans>Cancel the order</Trans>
            </Button>
          </div>
        }
      >
        <p>
          <Trans>
            The order ({side}) for {symbol} at {limit} stops waiting, and its margin of {f.amount(order.margin)} {currency} is released.
          </Trans>
        </p>
        {cancel.error && <ErrorState error={cancel.error} compact />}
      </Sheet>
    </li>
  )
}
