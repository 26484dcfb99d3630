// The socket's order_update frames, for whoever wants more than a refresh: the trade feature's toasts
// (features/trade/components/trade-toasts.tsx) listen here, the socket handler (app/realtime.tsx) emits. A tiny
// emitter outside React, like the toast store, so the socket needs no knowledge of who listens. It passes the frame's
// data as it came: the listener checks its shape (trade-toasts.tsx), so the schema library stays out of
// the first visit's bundle (bench/size.ts), which this file is part of.
type Listener = (data: unknown) => void
const listeners = new Set<Listener>()

export function emitOrderUpdate(data: unknown): void {
  for (const listener of listeners) listener(data)
}

export function onOrderUpdate(listener: Listener): () => void {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}
