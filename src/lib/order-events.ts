// The socket's order_update frames, for whoever wants more than a refresh: the trade feature's toasts
// (features/trade/components/trade-toasts.tsx) listen here, the socket handler (app/realtime.tsx) emits. A tiny
// emitter outside React, like the toast store, so the socket needs no knowledge of who listens.
import { OrderUpdate } from '#contract/orders.ts'

type Listener = (update: OrderUpdate) => void
const listeners = new Set<Listener>()

/** Emits a frame's data when it is an OrderUpdate; anything else is ignored. */
export function emitOrderUpdate(data: unknown): void {
  const parsed = OrderUpdate.safeParse(data)
  if (!parsed.success) return
  for (const listener of listeners) listener(parsed.data)
}

export function onOrderUpdate(listener: Listener): () => void {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}
