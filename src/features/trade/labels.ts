import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { CloseReason, OrderStatus } from '#contract/orders.ts'

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
