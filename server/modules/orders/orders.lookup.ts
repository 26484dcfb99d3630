// Orders as other modules need to name them (the transaction record): symbol, side and lots by order number, of one
// user only. Read-only; the orders module owns the table.
import { and, eq, inArray } from 'drizzle-orm'
import type { DbOrTx } from '../../ledger/types.ts'
import { orders, type OrderRow } from './orders.table.ts'

export type OrderFacts = Pick<OrderRow, 'id' | 'kind' | 'pendingType' | 'symbol' | 'side' | 'lots' | 'margin' | 'fee' | 'linkedOrderNo' | 'openKey'>

/** The user's orders among `orderNos` (numbers that are not theirs, or not numbers, are left out). */
export async function orderFactsOf(handle: DbOrTx, userId: string, orderNos: string[]): Promise<Map<string, OrderFacts>> {
  const ids = [...new Set(orderNos.filter((n) => /^\d{1,19}$/.test(n)))].map(BigInt)
  if (ids.length === 0) return new Map()
  const rows = await handle
    .select({
      id: orders.id,
      kind: orders.kind,
      pendingType: orders.pendingType,
      symbol: orders.symbol,
      side: orders.side,
      lots: orders.lots,
      margin: orders.margin,
      fee: orders.fee,
      linkedOrderNo: orders.linkedOrderNo,
      openKey: orders.openKey,
    })
    .from(orders)
    .where(and(eq(orders.userId, userId), inArray(orders.id, ids)))
  return new Map(rows.map((r) => [String(r.id), r]))
}
