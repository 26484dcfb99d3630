// Toasts for what the engine does while the app is open (socket order_update, src/lib/order-events.ts): a pending
// order filled, a take profit, a stop loss or a stop-out closing a position. Each names the symbol, side, lots and
// price (and a close's P/L), and links to the position, or to its entry in the history. The same events leave a
// message in the user's messages (server/modules/orders/engine-actions.ts), for when the app is closed.
import { useEffect } from 'react'
import { Link } from '@tanstack/react-router'
import { useLingui } from '@lingui/react/macro'
import type { OrderUpdate } from '#contract/orders.ts'
import { buttonClass } from '../../../components/ui/button.tsx'
import { toast } from '../../../components/ui/toast.tsx'
import { useFormat } from '../../../lib/format.ts'
import { onOrderUpdate } from '../../../lib/order-events.ts'
import { PENDING_LABELS, SIDE_LABELS } from '../labels.ts'
import { useLotsText } from '../use-lots-text.ts'

const TEXT_FIELDS = ['closeReason', 'symbol', 'lots', 'price', 'profit', 'linkedOrderNo'] as const

/** The frame's data when it has an OrderUpdate's shape, checked by hand: the contract's schema would bring the schema
 * library into the first visit's bundle (the schemas it builds on are defined in modules the first screen imports). */
function asOrderUpdate(data: unknown): OrderUpdate | null {
  if (typeof data !== 'object' || data === null) return null
  const d = data as Record<string, unknown>
  if (typeof d.orderNo !== 'string' || (d.kind !== 'contract' && d.kind !== 'limit') || typeof d.status !== 'string') return null
  if (!TEXT_FIELDS.every((k) => d[k] === undefined || d[k] === null || typeof d[k] === 'string')) return null
  if (d.side !== undefined && d.side !== 'buy' && d.side !== 'sell') return null
  if (d.pendingType !== undefined && d.pendingType !== null && d.pendingType !== 'limit' && d.pendingType !== 'stop') return null
  return d as OrderUpdate
}

/** Mounted once by the layout while a user is signed in, once the screens catalog is loaded
 * (routes/_app/-lazy-trade-toasts.tsx); renders nothing itself. */
export function TradeToasts({ currency = 'USDT' }: { currency?: string }) {
  const { t, i18n } = useLingui()
  const f = useFormat()
  const lotsText = useLotsText()
  useEffect(
    () =>
      onOrderUpdate((data) => {
        const u = asOrderUpdate(data)
        if (!u) return
        if (!u.symbol || !u.side || !u.lots) return
        const size = lotsText(u.lots)
        const symbol = u.symbol
        const price = u.price ? f.price(u.price) : '—'
        if (u.kind === 'limit' && u.status === 'filled' && u.linkedOrderNo) {
          const label = i18n._(PENDING_LABELS[u.side][u.pendingType ?? 'limit'])
          const text = t({ message: `${label} filled: ${size} ${symbol} at ${price}`, comment: 'Toast; label is a pending order type such as "Buy stop"' })
          const link = (
            <Link to="/profile/{-$type}" params={{ type: 'orders' }} hash={`order-${u.linkedOrderNo}`} className={buttonClass('secondary')} data-testid="trade-toast-link">
              {t`View position`}
            </Link>
          )
          return toast(text, 'success', { action: link, testId: 'trade-toast' })
        }
        if (u.kind !== 'contract' || u.status !== 'closed' || !u.closeReason || u.closeReason === 'user') return
        const side = i18n._(SIDE_LABELS[u.side])
        const pl = `${f.amount(u.profit ?? '0', { signed: true })} ${currency}`
        const text =
          u.closeReason === 'take_profit'
            ? t({ message: `Take profit: ${side} ${size} ${symbol} closed at ${price}, P/L ${pl}`, comment: 'Toast; side is Buy or Sell' })
            : u.closeReason === 'stop_loss'
              ? t({ message: `Stop loss: ${side} ${size} ${symbol} closed at ${price}, P/L ${pl}`, comment: 'Toast; side is Buy or Sell' })
              : t({ message: `Stop-out: ${side} ${size} ${symbol} closed at ${price}, P/L ${pl}`, comment: 'Toast; side is Buy or Sell' })
        const link = (
          <Link to="/profile/{-$type}" params={{ type: 'orders' }} hash={`closed-${u.orderNo}`} className={buttonClass('secondary')} data-testid="trade-toast-link">
            {t`View in history`}
          </Link>
        )
        toast(text, u.closeReason === 'take_profit' ? 'success' : 'info', { action: link, testId: 'trade-toast' })
      }),
    [t, i18n, f, lotsText, currency],
  )
  return null
}
