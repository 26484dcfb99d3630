// A pending order's new price and lots (POST /api/editLimitOrder): the reservation at the new price instead of the
// old one, and the figures after, before sending. The order is re-placed under a new number (docs/trading.md); its
// side, leverage, TP and SL stay, and TP and SL must still lie on the right side of the new price.
import { useRef, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import type { Order } from '#contract/orders.ts'
import { dec, stopsValid } from '#contract/trading-math.ts'
import { AmountInput } from '../../../components/ui/amount-input.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { Sheet } from '../../../components/ui/sheet.tsx'
import { toast } from '../../../components/ui/toast.tsx'
import { useFormat } from '../../../lib/format.ts'
import { useSession } from '../../../lib/session.ts'
import { useIsOnline } from '../../../lib/use-is-online.ts'
import { operationKeys, orderQueries } from '../api.ts'
import { useEditLimit } from '../manage-api.ts'
import { editLimitPreview } from '../manage-preview.ts'
import { lotsProblem, type Market } from '../preview.ts'
import { ManageFigures } from './manage-figures.tsx'
import { UNREASONABLE_STOPS } from './order-ticket.tsx'

type Props = { order: Order; market: Market; currency: string; onClose: () => void }

const isPrice = (v: string) => /^(\d+\.?\d*|\.\d+)$/.test(v) && dec(v).gt(0)

export function ManageEditLimitSheet({ order, market, currency, onClose }: Props) {
  const { t, i18n } = useLingui()
  const f = useFormat()
  const isOnline = useIsOnline()
  const userId = useSession((s) => s.userId)
  const account = useQuery(orderQueries.account(userId))
  const positions = useQuery(orderQueries.positions(userId))
  const edit = useEditLimit()
  const keys = useRef(operationKeys())
  const [price, setPrice] = useState(order.limitPrice ?? '')
  const [lots, setLots] = useState(order.lots)
  const inst = market.instrument(order.symbol)
  const digits = inst?.digits ?? 5
  const priceOk = isPrice(price) && dec(price).decimalPlaces() <= digits
  const lotsOk = !!inst && lotsProblem(inst, lots) === null
  const stopsOk = !priceOk || stopsValid(order.side, price, order.takeProfit, order.stopLoss)
  const isValid = priceOk && lotsOk && stopsOk
  const preview = isValid && account.data && positions.data ? editLimitPreview(order, price, lots, account.data, positions.data.list, market) : null
  const symbol = order.symbol
  const held = `${f.amount(order.margin)} ${currency}`
  const willHold = preview ? `${f.amount(preview.margin.toFixed(2))} ${currency}` : '—'
  const min = inst?.lotMin ?? ''
  const max = inst?.lotMax ?? ''
  const step = inst?.lotStep ?? ''
  const handleSave = () => {
    if (!isValid) return
    const body = {
      orderNo: order.orderNo,
      price,
      lots,
      ...(order.takeProfit ? { takeProfit: order.takeProfit } : {}),
      ...(order.stopLoss ? { stopLoss: order.stopLoss } : {}),
    }
    edit.mutate(
      { body, idempotencyKey: keys.current.keyFor(body) },
      {
        onSuccess: () => {
          keys.current = operationKeys()
          toast(t`Limit order changed`, 'success')
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
      title={<Trans>Change the limit order: {symbol}</Trans>}
      footer={
        <div className="sheet-actions">
          <Button variant="secondary" onClick={onClose}>
            <Trans>Keep it</Trans>
          </Button>
          <Button loading={edit.isPending} disabled={!isOnline || !isValid} onClick={handleSave} data-testid="manage-edit-save">
            <Trans>Save the order</Trans>
          </Button>
        </div>
      }
    >
      <div className="manage-sheet" data-testid="manage-edit-limit">
        <AmountInput
          label={<Trans>Limit price</Trans>}
          value={price}
          onChange={setPrice}
          error={price && !priceOk ? t`Use a price with at most ${digits} decimals.` : !stopsOk ? i18n._(UNREASONABLE_STOPS) : undefined}
          data-testid="manage-edit-price"
        />
        <AmountInput label={<Trans>Lots</Trans>} value={lots} onChange={setLots} error={lots && !lotsOk ? t`Lots go from ${min} to ${max} in steps of ${step}.` : undefined} data-testid="manage-edit-lots" />
        <p data-testid="manage-edit-reservation">
          <Trans>
            The order now holds {held}; changed, it holds {willHold}. It is placed again under a new number, with the same take profit and stop loss.
          </Trans>
        </p>
        <ManageFigures preview={preview} currency={currency} digits={inst?.digits} />
        {edit.error && <ErrorState error={edit.error} compact />}
      </div>
    </Sheet>
  )
}
