// Closing part of a position (POST /api/partialClosePosition): the lots to close, on the lot step and less than the
// position, and before sending the P/L that part realises, the margin it releases and the stop-out price after.
import { useRef, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import type { Order } from '#contract/orders.ts'
import { isPartialLots } from '#contract/position-split.ts'
import { closePrice } from '#contract/trading-math.ts'
import { AmountInput } from '../../../components/ui/amount-input.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { Sheet } from '../../../components/ui/sheet.tsx'
import { toast } from '../../../components/ui/toast.tsx'
import { useFormat } from '../../../lib/format.ts'
import { useSession } from '../../../lib/session.ts'
import { useIsOnline } from '../../../lib/use-is-online.ts'
import { operationKeys, orderQueries } from '../api.ts'
import { usePartialClose } from '../manage-api.ts'
import { partialPreview } from '../manage-preview.ts'
import type { Market } from '../preview.ts'
import { useLotsText } from '../use-lots-text.ts'
import { ManageFigures } from './manage-figures.tsx'

type Props = { order: Order; market: Market; currency: string; onClose: () => void }

const isNumber = (v: string) => /^(\d+\.?\d*|\.\d+)$/.test(v)

export function ManagePartialSheet({ order, market, currency, onClose }: Props) {
  const { t } = useLingui()
  const f = useFormat()
  const lotsText = useLotsText()
  const isOnline = useIsOnline()
  const userId = useSession((s) => s.userId)
  const account = useQuery(orderQueries.account(userId))
  const positions = useQuery(orderQueries.positions(userId))
  const partial = usePartialClose()
  const keys = useRef(operationKeys())
  const [lots, setLots] = useState('')
  const inst = market.instrument(order.symbol)
  const quote = market.quote(order.symbol)
  const isValid = !!inst && isNumber(lots) && isPartialLots(inst, order.lots, lots)
  const preview = isValid && account.data && positions.data ? partialPreview(order, lots, account.data, positions.data.list, market) : null
  const now = quote ? f.price(closePrice(order.side, quote).toFixed(inst?.digits ?? 5), inst?.digits) : '—'
  const symbol = order.symbol
  const size = isValid ? lotsText(lots) : ''
  const whole = lotsText(order.lots)
  const step = inst?.lotStep ?? ''
  const problem = lots && !isValid ? t`Choose lots in steps of ${step}, less than the position's ${whole}.` : undefined
  const handleClose = () => {
    if (!isValid) return
    const body = { orderNo: order.orderNo, lots }
    partial.mutate(
      { body, idempotencyKey: keys.current.keyFor(body) },
      {
        onSuccess: () => {
          keys.current = operationKeys()
          toast(t`Part of the position closed`, 'success')
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
      title={<Trans>Close part of {symbol}</Trans>}
      footer={
        <div className="sheet-actions">
          <Button variant="secondary" onClick={onClose}>
            <Trans>Keep it open</Trans>
          </Button>
          <Button variant="danger" loading={partial.isPending} disabled={!isOnline || !isValid} onClick={handleClose} data-testid="manage-partial-confirm">
            {isValid ? <Trans>Close {size} at {now}</Trans> : <Trans>Close part</Trans>}
          </Button>
        </div>
      }
    >
      <div className="manage-sheet" data-testid="manage-partial">
        <p>
          <Trans>
            The position holds {whole}. The lots you close settle their P/L at the current price, about {now}, and release their share of the margin; the rest stays open with its take profit and stop loss.
          </Trans>
        </p>
        <AmountInput label={<Trans>Lots to close</Trans>} value={lots} onChange={setLots} error={problem} data-testid="manage-partial-lots" />
        <ManageFigures preview={preview} currency={currency} digits={inst?.digits} showRealised />
        {partial.error && <ErrorState error={partial.error} compact />}
      </div>
    </Sheet>
  )
}
