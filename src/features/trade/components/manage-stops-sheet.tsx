// Changing the TP and SL of an open position or a pending order (POST /api/modifyOrderStops): the ticket's stop
// fields (a price, an amount or a percentage), its checks before sending, and its disclosure of an SL beyond the
// stop-out price. Emptying a field removes that level.
import { useRef, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import type { Order } from '#contract/orders.ts'
import { closePrice, dec, stopsValid, type Rates } from '#contract/trading-math.ts'
import { Button } from '../../../components/ui/button.tsx'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { Sheet } from '../../../components/ui/sheet.tsx'
import { toast } from '../../../components/ui/toast.tsx'
import { useFormat } from '../../../lib/format.ts'
import { useSession } from '../../../lib/session.ts'
import { useIsOnline } from '../../../lib/use-is-online.ts'
import { operationKeys, orderQueries } from '../api.ts'
import { useModifyStops } from '../manage-api.ts'
import { isBeyondStopOut, stopsPreview } from '../manage-preview.ts'
import type { Market } from '../preview.ts'
import { stopPrice, type StopContext } from '../stops.ts'
import { ManageFigures } from './manage-figures.tsx'
import { UNREASONABLE_STOPS } from './order-ticket.tsx'
import { StopField, type StopValue } from './stop-field.tsx'

type Props = { order: Order; market: Market; rates: Rates; currency: string; onClose: () => void }

export function ManageStopsSheet({ order, market, rates, currency, onClose }: Props) {
  const { t, i18n } = useLingui()
  const f = useFormat()
  const isOnline = useIsOnline()
  const userId = useSession((s) => s.userId)
  const account = useQuery(orderQueries.account(userId))
  const positions = useQuery(orderQueries.positions(userId))
  const modify = useModifyStops()
  const keys = useRef(operationKeys())
  const [tp, setTp] = useState<StopValue>({ mode: 'price', text: order.takeProfit ?? '' })
  const [sl, setSl] = useState<StopValue>({ mode: 'price', text: order.stopLoss ?? '' })
  const [showErrors, setShowErrors] = useState(false)
  const inst = market.instrument(order.symbol)
  const quote = market.quote(order.symbol)
  const isLimit = order.kind === 'limit'
  const open = isLimit ? order.limitPrice : order.openPrice
  const reference = isLimit ? (order.limitPrice ? dec(order.limitPrice) : null) : quote ? closePrice(order.side, quote) : null
  const ctx: StopContext | null = inst && open ? { inst, side: order.side, lots: order.lots, open: dec(open), margin: dec(order.margin), rates } : null
  const tpPrice = ctx ? stopPrice('tp', tp.mode, tp.text, ctx)?.toFixed(inst!.digits) : undefined
  const slPrice = ctx ? stopPrice('sl', sl.mode, sl.text, ctx)?.toFixed(inst!.digits) : undefined
  const tpOk = !reference || stopsValid(order.side, reference, tpPrice, undefined)
  const slOk = !reference || stopsValid(order.side, reference, undefined, slPrice)
  const preview = account.data && positions.data ? stopsPreview(order, account.data, positions.data.list, market) : null
  const spread = quote ? dec(quote.ask).minus(quote.bid) : dec('0')
  const stopOut = preview?.stopOut ? f.price(preview.stopOut.toFixed(inst?.digits ?? 5)) : ''
  const beyond = reference !== null && isBeyondStopOut(order.side, reference, slPrice, preview?.stopOut ?? null, spread)
  const unreasonable = i18n._(UNREASONABLE_STOPS)
  const symbol = order.symbol
  const handleSave = () => {
    setShowErrors(true)
    if (!tpOk || !slOk) return
    const body = { orderNo: order.orderNo, ...(tpPrice ? { takeProfit: tpPrice } : {}), ...(slPrice ? { stopLoss: slPrice } : {}) }
    modify.mutate(
      { body, idempotencyKey: keys.current.keyFor(body) },
      {
        onSuccess: () => {
          keys.current = operationKeys()
          toast(t`Take profit and stop loss saved`, 'success')
          onClose()
        },
        onError: (e) => keys.current.settled(e),
      },
    )
  }
  return (
    <Sheet
      open
      onClose={onClose}
      title={<Trans>Take profit and stop loss: {symbol}</Trans>}
      footer={
        <div className="sheet-actions">
          <Button variant="secondary" onClick={onClose}>
            <Trans>Keep them</Trans>
          </Button>
          <Button loading={modify.isPending} disabled={!isOnline} onClick={handleSave} data-testid="manage-stops-save">
            <Trans>Save take profit and stop loss</Trans>
          </Button>
        </div>
      }
    >
      <div className="manage-sheet" data-testid="manage-stops">
        <StopField kind="tp" value={tp} onChange={setTp} ctx={ctx} side={order.side} reference={reference} error={(showErrors || tpPrice) && !tpOk ? unreasonable : undefined} />
        <StopField
          kind="sl"
          value={sl}
          onChange={setSl}
          ctx={ctx}
          side={order.side}
          reference={reference}
          error={(showErrors || slPrice) && !slOk ? unreasonable : undefined}
          warning={beyond ? t`Beyond the stop-out price ${stopOut}: the account would be stopped out before this stop loss closes the position.` : undefined}
        />
        <p className="caption">
          <Trans>Leave a field empty to remove that level.</Trans>
        </p>
        <ManageFigures preview={preview} currency={currency} digits={inst?.digits} />
        {modify.error && <ErrorState error={modify.error} compact />}
      </div>
    </Sheet>
  )
}
