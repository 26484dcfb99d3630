// Liquidated damages for late repayment: for each whole day an active loan stays unpaid after its due date, the
// disclosed damages per day are added to what is owed, one loan_late_days row per day. The leader's job runs this for
// every overdue loan (catching up any days it missed, by the app's clock); a repayment runs it for its loan first.
// A day's row is keyed (loan, day), so a day is charged exactly once, whoever runs it and however often.
import { and, eq, isNotNull, lte, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { DAY_MS, daysLate } from '#contract/loan-math.ts'
import type { Tx } from '../../ledger/types.ts'
import { loanLateDays, loans, type LoanRow } from './loans.table.ts'

/** Charges the loan's days late until `now` not charged yet; answers the row as it is after. Call with the row locked. */
export async function chargeLateDays(tx: Tx, row: LoanRow, now: number): Promise<LoanRow> {
  if (row.status !== 'active' || row.dueAt === null) return row
  const days = daysLate(row.dueAt, now)
  if (days === 0) return row
  const [done] = await tx.select({ last: sql<number>`coalesce(max(${loanLateDays.day}), 0)::int` }).from(loanLateDays).where(eq(loanLateDays.loanId, row.id))
  const from = (done?.last ?? 0) + 1
  if (from > days) return row
  const values = Array.from({ length: days - from + 1 }, (_, i) => ({ loanId: row.id, day: from + i, amount: row.damagesPerDay, chargedAt: now }))
  await tx.insert(loanLateDays).values(values).onConflictDoNothing()
  const [updated] = await tx
    .update(loans)
    .set({
      damagesCharged: sql`(SELECT coalesce(sum(${loanLateDays.amount}), 0) FROM ${loanLateDays} WHERE ${loanLateDays.loanId} = ${row.id})`,
      updatedAt: now,
    })
    .where(eq(loans.id, row.id))
    .returning()
  return updated!
}

/** The daily job: every active loan at least a day past due gets its days late charged. Answers how many loans. */
export async function chargeOverdueLoans(app: FastifyInstance, now: number): Promise<number> {
  const due = await app.db
    .select({ id: loans.id })
    .from(loans)
    .where(and(eq(loans.status, 'active'), isNotNull(loans.dueAt), lte(loans.dueAt, now - DAY_MS)))
  let charged = 0
  for (const { id } of due) {
    await app.db.transaction(async (tx) => {
      const [row] = await tx.select().from(loans).where(eq(loans.id, id)).for('update')
      if (row && (await chargeLateDays(tx, row, now)) !== row) charged++
    })
  }
  return charged
}
