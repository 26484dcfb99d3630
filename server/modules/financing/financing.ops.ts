// Financing, the operators' side (docs/earn.md, "Financing"): define a fixed-term product, pause or close it, and see
// per product what running orders still owe. The reserve it is paid from is funded and watched in the console's
// Smart plans and reserve page (earn.ops.ts). Every change is audited in the transaction that makes it.
import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { OpsFinancingInput, OpsFinancingProduct, OpsFinancingStatus } from '#contract/ops-financing.ts'
import { dec, moneyScale } from '#contract/trading-math.ts'
import { AppError } from '../../app-error.ts'
import type { Db } from '../../db/client.ts'
import { trim } from '../../ledger/reconcile.ts'
import type { DbOrTx } from '../../ledger/types.ts'
import { audit } from '../ops/audit.ts'
import type { OperatorActor } from '../ops/operators.ts'
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

export async function createProduct(app: FastifyInstance, operator: OperatorActor, input: OpsFinancingInput): Promise<OpsFinancingProduct> {
  if (!input.names.en_US) throw new AppError(400, 'earnPlanNameRequired')
  if (dec(input.minAmount).gt(input.maxAmount)) throw new AppError(400, 'earnPlanRange')
  const scale = moneyScale(input.currency)
  for (const amount of [input.minAmount, input.maxAmount]) {
    if (dec(amount).decimalPlaces() > scale) throw new AppError(400, 'amountTooPrecise', { amount, currency: input.currency, scale })
  }
  const now = app.now()
  const row = await app.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(financingProducts)
      .values({ ...input, status: 'active', createdAt: now, updatedAt: now })
      .returning()
    await audit(tx as unknown as Db, operator, { action: 'financing.createProduct', subject: `financing-product:${inserted!.id}`, after: snapshot(inserted!) })
    return inserted!
  })
  return toOps(app.db, row)
}

/** active <-> paused; either -> closed, for good (running orders still run to maturity). */
export async function setProductStatus(app: FastifyInstance, operator: OperatorActor, body: OpsFinancingStatus): Promise<OpsFinancingProduct> {
  const row = await app.db.transaction(async (tx) => {
    const [before] = await tx.select().from(financingProducts).where(eq(financingProducts.id, BigInt(body.id))).for('update')
    if (!before) throw new AppError(404, 'financingProductNotFound')
    if (before.status === 'closed' && body.status !== 'closed') throw new AppError(409, 'financingProductClosed')
    const [after] = await tx.update(financingProducts).set({ status: body.status, updatedAt: app.now() }).where(eq(financingProducts.id, before.id)).returning()
    await audit(tx as unknown as Db, operator, {
      action: 'financing.setProductStatus',
      subject: `financing-product:${before.id}`,
      before: { status: before.status },
      after: { status: after!.status },
    })
    return after!
  })
  return toOps(app.db, row)
}
