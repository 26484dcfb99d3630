// What an engine toast says (components/trade-toasts.tsx): a pending order filled, or a take profit, a stop loss or a
// stop-out closing a position, with the symbol, side, lots, price and a close's P/L in the position's own margin
// currency (the order_update's `currency`, as the message of the same event says it), and where its link goes.
import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { OrderUpdate } from '#contract/orders.ts'
import type { Format } from '../../lib/format.ts'
import { PENDING_LABELS, SIDE_LABELS } from './labels.ts'

export type EngineToast = { text: string; kind: 'success' | 'info'; hash: string; book?: OrderUpdate['book']; place: 'position' | 'history' }

/** The toast for an update, or null when the engine did nothing a user is told about. */
export function engineToast(u: OrderUpdate, i18n: I18n, f: Format, lotsText: (lots: string) => string): EngineToast | null {
  if (!u.symbol || !u.side || !u.lots) return null
  const size = lotsText(u.lots)
  const symbol = u.symbol
  const price = u.price ? f.price(u.price) : '—'
  if (u.kind === 'limit' && u.status === 'filled' && u.linkedOrderNo) {
    const label = i18n._(PENDING_LABELS[u.side][u.pendingType ?? 'limit'])
    const text = i18n._(msg({ message: `${label} filled: ${size} ${symbol} at ${price}`, comment: 'Toast; label is a pending order type such as "Buy stop"' }))
    return { text, kind: 'success', hash: `order-${u.linkedOrderNo}`, book: u.book, place: 'position' }
  }
  if (u.kind !== 'contract' || u.status !== 'closed' || !u.closeReason || u.closeReason === 'user') return null
  const side = i18n._(SIDE_LABELS[u.side])
  const pl = `${f.amount(u.profit ?? '0', { signed: true })} ${u.currency ?? ''}`.trim()
  const text =
    u.closeReason === 'take_profit'
      ? i18n._(msg({ message: `Take profit: ${side} ${size} ${symbol} closed at ${price}, P/L ${pl}`, comment: 'Toast; side is Buy or Sell' }))
      : u.closeReason === 'stop_loss'
        ? i18n._(msg({ message: `Stop loss: ${side} ${size} ${symbol} closed at ${price}, P/L ${pl}`, comment: 'Toast; side is Buy or Sell' }))
        : i18n._(msg({ message: `Stop-out: ${side} ${size} ${symbol} closed at ${price}, P/L ${pl}`, comment: 'Toast; side is Buy or Sell' }))
  return { text, kind: u.closeReason === 'take_profit' ? 'success' : 'info', hash: `closed-${u.orderNo}`, book: u.book, place: 'history' }
}
