// Financing, the operators' side (docs/earn.md, "Financing"): define a fixed-term product, pause or close it, and see
// per product what running orders still owe. The reserve it is paid from is funded and watched in the console's
// Smart plans and reserve page (earn.ops.ts). Every change is audited in the transaction that makes it.
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { OpsFinancingInput, OpsFinancingProduct, OpsFinancingStatus } from '#contract/ops-financing.ts'
import type { Db } from '../../db/client.ts'
import { trim } from '../../ledger/reconcile.ts'
import type { DbOrTx } from '../../ledger/types.ts'
import type { OperatorActor } from '../ops/operators.ts'
import { insertProduct, requireRangedProduct, setStatus } from '../earn/catalog-ops.ts'
import { freeReserve } from '../earn/reserve.ts'
import { financingOrders, financingProducts, type FinancingProductRow } from './financing.table.ts'
import { isSoldOut, toProduct } from './financing.service.ts'

async function toOps(db: DbOrTx, row: FinancingProductRow): Promise<OpsFinancingProduct> {
  const [running] = await db
    .select({ n: sql<number>`count(*)::int`, owed: sql<string>`coalesce(sum(${financingOrders.interest}), 0)::text` })
    .from(financingOrders)
    .where(sql`${financingOrders.productId} = ${row.id} AND ${financingOrders.status} = 'running'`)
  // Sold out as a live user sees it.
  return { ...toProduct(row, isSoldOut(row, await freeReserve(db, 'live', row.currency))), running: running?.n ?? 0, owed: trim(running?.owed ?? '0') }
}

export async function opsProducts(db: Db): Promise<OpsFinancingProduct[]> {
  const rows = await db.select().from(financingProducts).orderBy(financingProducts.id)
  return Promise.all(rows.map((row) => toOps(db, row)))
}

const snapshot = (row: FinancingProductRow) => ({ ...toProduct(row, false), soldOut: undefined })

const audited = { module: 'financing', subject: 'financing-product', snapshot }

export async function createProduct(app: FastifyInstance, operator: OperatorActor, input: OpsFinancingInput): Promise<OpsFinancingProduct> {
  requireRangedProduct(input)
  return toOps(app.db, await insertProduct(app, operator, financingProducts, input, 'createProduct', audited))
}

/** active <-> paused; either -> closed, for good (running orders still run to maturity). */
export async function setProductStatus(app: FastifyInstance, operator: OperatorActor, body: OpsFinancingStatus): Promise<OpsFinancingProduct> {
  const notes = { ...audited, notFound: 'financingProductNotFound', closed: 'financingProductClosed' } as const
  return toOps(app.db, await setStatus(app, operator, financingProducts, body, 'setProductStatus', notes))
}
