// What the operators' side of the yield products (Smart plans, financing, node staking) does alike: a new product
// goes in with its creation audited, and a status change (active <-> paused, either -> closed for good) locks the
// product's row and is audited, each in the transaction that makes it (server/modules/ops/audit.ts). What is on offer
// to users is holdings.ts's.
import { eq } from 'drizzle-orm'
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { FastifyInstance } from 'fastify'
import { dec, moneyScale } from '#contract/trading-math.ts'
import type { ServerMessageKey } from '#contract/server-messages.ts'
import { AppError } from '../../app-error.ts'
import type { Db } from '../../db/client.ts'
import { audit } from '../ops/audit.ts'
import type { OperatorActor } from '../ops/operators.ts'

/** A table of products an operator defines: an id, a status and when it last changed. */
type Products = PgTable & { id: AnyPgColumn; status: AnyPgColumn; updatedAt: AnyPgColumn }
type Status = 'active' | 'paused' | 'closed'

/** How one product's changes are audited: the action's prefix and the subject's kind, e.g. `earn` and `earn-plan`. */
export type Audited<Row> = { module: string; subject: string; snapshot: (row: Row) => unknown }

/** 400 for an amount of a product's definition finer than its currency's scale. */
export function requireScale(currency: string, amounts: string[]) {
  const scale = moneyScale(currency)
  for (const amount of amounts) {
    if (dec(amount).decimalPlaces() > scale) throw new AppError(400, 'amountTooPrecise', { amount, currency, scale })
  }
}

/** A product sold in amounts from `minAmount` to `maxAmount` (a Smart plan, a financing product): 400 without an
 * English name, for a range upside down, or for amounts finer than the currency. */
export function requireRangedProduct(input: { names: Record<string, string | undefined>; minAmount: string; maxAmount: string; currency: string }) {
  if (!input.names.en_US) throw new AppError(400, 'earnPlanNameRequired')
  if (dec(input.minAmount).gt(input.maxAmount)) throw new AppError(400, 'earnPlanRange')
  requireScale(input.currency, [input.minAmount, input.maxAmount])
}

/** Inserts a product, on sale now, and audits `<module>.<action>` with its snapshot; answers its row. */
export async function insertProduct<T extends Products>(
  app: FastifyInstance,
  operator: OperatorActor,
  table: T,
  values: Record<string, unknown>,
  action: string,
  audited: Audited<T['$inferSelect']>,
): Promise<T['$inferSelect']> {
  const now = app.now()
  return app.db.transaction(async (tx) => {
    const [inserted] = (await tx
      .insert(table)
      .values({ ...values, status: 'active', createdAt: now, updatedAt: now } as T['$inferInsert'])
      .returning()) as (T['$inferSelect'] & { id: bigint })[]
    await audit(tx as unknown as Db, operator, { action: `${audited.module}.${action}`, subject: `${audited.subject}:${inserted!.id}`, after: audited.snapshot(inserted!) })
    return inserted!
  })
}

/** Sets a product's status under its row's lock and audits the change: 404 `notFound` for no such product, 409 `closed`
 * for reopening a closed one (what users hold of it still runs to its end). Answers the row as changed. */
export async function setStatus<T extends Products>(
  app: FastifyInstance,
  operator: OperatorActor,
  table: T,
  body: { id: string; status: Status },
  action: string,
  audited: Omit<Audited<T['$inferSelect']>, 'snapshot'> & { notFound: ServerMessageKey; closed: ServerMessageKey },
): Promise<T['$inferSelect']> {
  return app.db.transaction(async (tx) => {
    const [before] = (await tx.select().from(table as PgTable).where(eq(table.id, BigInt(body.id))).for('update')) as { id: bigint; status: Status }[]
    if (!before) throw new AppError(404, audited.notFound)
    if (before.status === 'closed' && body.status !== 'closed') throw new AppError(409, audited.closed)
    const [after] = (await tx
      .update(table)
      .set({ status: body.status, updatedAt: app.now() } as Partial<T['$inferInsert']>)
      .where(eq(table.id, before.id))
      .returning()) as (T['$inferSelect'] & { status: Status })[]
    await audit(tx as unknown as Db, operator, {
      action: `${audited.module}.${action}`,
      subject: `${audited.subject}:${before.id}`,
      before: { status: before.status },
      after: { status: after!.status },
    })
    return after!
  })
}
