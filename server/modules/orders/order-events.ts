// Orders that changed in this process, for the engine on the same process (the leader also polls for the rows other
// processes wrote). Per app, so the apps a test suite builds never hear each other.
import type { FastifyInstance } from 'fastify'
import type { OrderRow } from './orders.table.ts'

type Listener = (rows: OrderRow[]) => void
const listeners = new WeakMap<FastifyInstance, Set<Listener>>()

export function onOrdersChanged(app: FastifyInstance, listener: Listener): () => void {
  let set = listeners.get(app)
  if (!set) listeners.set(app, (set = new Set()))
  set.add(listener)
  return () => void set.delete(listener)
}

export function ordersChanged(app: FastifyInstance, rows: OrderRow[]): void {
  for (const listener of listeners.get(app) ?? []) listener(rows)
}
