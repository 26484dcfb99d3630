// Toasts for what the engine does while the app is open (socket order_update, src/lib/order-events.ts): a pending
// order filled, a take profit, a stop loss or a stop-out closing a position. Each names the symbol, side, lots and
// price (and a close's P/L in the position's currency; engine-toast-text.ts), and links to the position, or to its
// entry in the history, in the order's own book. The same events leave a message in the user's messages
// (server/modules/orders/engine-actions.ts), for when the app is closed.
import { useEffect } from 'react'
import { Link } from '@tanstack/react-router'
import { useLingui } from '@lingui/react/macro'
import type { OrderUpdate } from '#contract/orders.ts'
import { buttonClass } from '../../../components/ui/button.tsx'
import { toast } from '../../../components/ui/toast.tsx'
import { useFormat } from '../../../lib/format.ts'
import { onOrderUpdate } from '../../../lib/order-events.ts'
import { engineToast } from '../engine-toast-text.ts'
import { useLotsText } from '../use-lots-text.ts'

const TEXT_FIELDS = ['closeReason', 'symbol', 'lots', 'price', 'profit', 'linkedOrderNo', 'currency'] as const

/** The frame's data when it has an OrderUpdate's shape, checked by hand: the contract's schema would bring the schema
 * library into the first visit's bundle (the schemas it builds on are defined in modules the first screen imports). */
export function asOrderUpdate(data: unknown): OrderUpdate | null {
  if (typeof data !== 'object' || data === null) return null
  const d = data as Record<string, unknown>
  if (typeof d.orderNo !== 'string' || (d.kind !== 'contract' && d.kind !== 'limit') || typeof d.status !== 'string') return null
  if (!TEXT_FIELDS.every((k) => d[k] === undefined || d[k] === null || typeof d[k] === 'string')) return null
  if (d.side !== undefined && d.side !== 'buy' && d.side !== 'sell') return null
  if (d.pendingType !== undefined && d.pendingType !== null && d.pendingType !== 'limit' && d.pendingType !== 'stop') return null
  if (d.book !== undefined && d.book !== 'demo' && d.book !== 'live') return null
  return d as OrderUpdate
}

/** Mounted once by the layout while a user is signed in, once the screens catalog is loaded
 * (routes/_app/-lazy-trade-toasts.tsx); renders nothing itself. */
export function TradeToasts() {
  const { t, i18n } = useLingui()
  const f = useFormat()
  const lotsText = useLotsText()
  useEffect(
    () =>
      onOrderUpdate((data) => {
        const u = asOrderUpdate(data)
        const shown = u && engineToast(u, i18n, f, lotsText)
        if (!shown) return
        const link = (
          <Link
            to="/profile/{-$type}"
            params={{ type: 'orders' }}
            search={shown.book ? { book: shown.book } : {}}
            hash={shown.hash}
            className={buttonClass('secondary')}
            data-testid="trade-toast-link"
          >
            {shown.place === 'position' ? t`View position` : t`View in history`}
          </Link>
        )
        toast(shown.text, shown.kind, { action: link, testId: 'trade-toast' })
      }),
    [t, i18n, f, lotsText],
  )
  return null
}
