import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { CloseReason, Order, OrderStatus } from '#contract/orders.ts'

export const STATUS_LABELS: Record<OrderStatus, MessageDescriptor> = {
  open: msg({ message: 'Open', context: 'order status' }),
  closed: msg({ message: 'Closed', context: 'order status' }),
  pending: msg({ message: 'Pending', context: 'order status' }),
  filled: msg({ message: 'Filled', context: 'order status' }),
  cancelled: msg({ message: 'Cancelled', context: 'order status' }),
}

export const CLOSE_REASONS: Record<CloseReason, MessageDescriptor> = {
  user: msg({ message: 'Closed by you', context: 'why a position closed' }),
  take_profit: msg({ message: 'Take profit reached', context: 'why a position closed' }),
  stop_loss: msg({ message: 'Stop loss reached', context: 'why a position closed' }),
  stop_out: msg({ message: 'Stop-out', context: 'why a position closed' }),
}

export const SIDE_LABELS = {
  buy: msg({ message: 'Buy', context: 'direction' }),
  sell: msg({ message: 'Sell', context: 'direction' }),
}

/** A pending order named by side and type, as MetaTrader 5 names them ("Buy stop"): the lists and the history. */
export const PENDING_LABELS = {
  buy: { limit: msg({ message: 'Buy limit', context: 'pending order type' }), stop: msg({ message: 'Buy stop', context: 'pending order type' }) },
  sell: { limit: msg({ message: 'Sell limit', context: 'pending order type' }), stop: msg({ message: 'Sell stop', context: 'pending order type' }) },
}

/** The badge of an order: its side for a position, its side and type for a pending order. */
export const orderLabel = (order: Pick<Order, 'kind' | 'side' | 'pendingType'>): MessageDescriptor =>
  order.kind === 'limit' ? PENDING_LABELS[order.side][order.pendingType ?? 'limit'] : SIDE_LABELS[order.side]
