// Loans, the operators' side: the queue with each agreement's hash check, approve (the principal leaves the lending
// reserve for the borrower's live book; 409 when the reserve holds less, or the agreement changed since signing) or
// reject, the reserve with what is owed by due date, and funding it. Each action commits with its audit row.
// Approvals and fundings take one advisory lock, so two approvals never both spend the same reserve.
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { money } from '#contract/loan-math.ts'
import type { FundReserve, LendingReserve, OpsLoan } from '#contract/ops-loans.ts'
import { dec } from '#contract/trading-math.ts'
import { AppError } from '../../app-error.ts'
import type { Db } from '../../db/client.ts'
import { pushBalanceUpdates } from '../../ledger/notify.ts'
import { postJournal, type Posted } from '../../ledger/post.ts'
import { houseBalance } from '../../ledger/read.ts'
import type { DbOrTx, Tx } from '../../ledger/types.ts'
import { userLabels } from '../auth/users.repository.ts'
import { audit } from '../ops/audit.ts'
import type { OperatorActor } from '../ops/operators.ts'
import { sha256 } from './loans.service.ts'
import { creditJournal, fundingJournal } from './loans.money.ts'
import { loans, type LoanRow } from './loans.table.ts'
import { owedOf, toLoan } from './loans.view.ts'

/** Arbitrary constant naming "the lending reserve" among the database's advisory locks. */
const RESERVE_LOCK_KEY = 7_351_044
const lockReserve = (tx: Tx) => tx.execute(sql`SELECT pg_advisory_xact_lock(${RESERVE_LOCK_KEY})`)

const STATES = { waiting: ['signed'], active: ['active'], done: ['repaid', 'rejected', 'not_signed'] } as const

/** The stored agreement still hashes to what was taken at signing (null: not signed yet). */
export const hashOk = (row: LoanRow): boolean | null => (row.signedPdf && row.signedHash ? sha256(row.signedPdf) === row.signedHash : null)

async function toOps(app: FastifyInstance, db: DbOrTx, rows: LoanRow[]): Promise<OpsLoan[]> {
  const labels = await userLabels(db as Db, rows.map((r) => r.userId))
  const now = app.now()
  return rows.map((row) => ({
    ...toLoan(row, now),
    userId: row.userId,
    user: labels.get(row.userId) ?? row.userId,
    signedHash: row.signedHash,
    hashOk: hashOk(row),
    decidedOperator: row.decidedOperatorName,
  }))
}

export async function opsLoanPage(app: FastifyInstance, query: { state: keyof typeof STATES; page: number; size: number }) {
  const where = inArray(loans.status, [...STATES[query.state]])
  const [rows, [total]] = await Promise.all([
    app.db
      .select()
      .from(loans)
      .where(where)
      .orderBy(query.state === 'done' ? desc(loans.updatedAt) : asc(loans.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    app.db.select({ n: count() }).from(loans).where(where),
  ])
  return { list: await toOps(app, app.db, rows), total: total?.n ?? 0, page: query.page, size: query.size }
}

async function rowFor(db: DbOrTx, id: string, lock: boolean): Promise<LoanRow> {
  const query = db.select().from(loans).where(eq(loans.id, BigInt(id)))
  const [row] = lock ? await query.for('update') : await query
  if (!row) throw new AppError(404, 'loanNotFound')
  return row
}

export async function opsAgreement(app: FastifyInstance, id: string) {
  return rowFor(app.db, id, false)
}

const snapshot = (row: LoanRow) => ({ status: row.status, amount: money(row.amount), currency: row.currency, signedHash: row.signedHash })

export async function approveLoan(app: FastifyInstance, operator: OperatorActor, id: string): Promise<OpsLoan> {
  const { row, posted } = await app.db.transaction(async (tx): Promise<{ row: LoanRow; posted: Posted }> => {
    await lockReserve(tx)
    const current = await rowFor(tx, id, true)
    if (current.status === 'not_signed') throw new AppError(409, 'loanNotSigned')
    if (current.status !== 'signed') throw new AppError(409, 'loanDecided')
    if (hashOk(current) !== true) throw new AppError(409, 'loanAgreementChanged')
    const balance = await houseBalance(tx, 'live', 'lending_reserve', current.currency)
    if (dec(balance).lt(current.amount)) {
      throw new AppError(409, 'loanReserveTooSmall', { held: money(balance), amount: money(current.amount), currency: current.currency })
    }
    const now = app.now()
    const [updated] = await tx
      .update(loans)
      .set({ status: 'active', approvedAt: now, dueAt: now + current.termDays * 24 * 60 * 60 * 1000, decidedOperatorName: operator.name, updatedAt: now })
      .where(eq(loans.id, current.id))
      .returning()
    const posted = await postJournal(tx, creditJournal(updated!))
    await audit(tx as unknown as Db, operator, { action: 'loans.approve', subject: `loan:${current.id}`, before: snapshot(current), after: { ...snapshot(updated!), dueAt: updated!.dueAt } })
    return { row: updated!, posted }
  })
  await pushBalanceUpdates(app, posted)
  return (await toOps(app, app.db, [row]))[0]!
}

export async function rejectLoan(app: FastifyInstance, operator: OperatorActor, body: { id: string; reason: string }): Promise<OpsLoan> {
  const row = await app.db.transaction(async (tx) => {
    const current = await rowFor(tx, body.id, true)
    if (current.status !== 'signed' && current.status !== 'not_signed') throw new AppError(409, 'loanDecided')
    const [updated] = await tx
      .update(loans)
      .set({ status: 'rejected', rejectReason: body.reason, decidedOperatorName: operator.name, updatedAt: app.now() })
      .where(eq(loans.id, current.id))
      .returning()
    await audit(tx as unknown as Db, operator, { action: 'loans.reject', subject: `loan:${current.id}`, before: snapshot(current), after: { status: 'rejected', reason: body.reason } })
    return updated!
  })
  return (await toOps(app, app.db, [row]))[0]!
}

export async function lendingReserve(app: FastifyInstance, db: DbOrTx = app.db): Promise<LendingReserve> {
  const currency = app.conf.loans.currency
  const active = await db.select().from(loans).where(and(eq(loans.status, 'active'), eq(loans.currency, currency)))
  const byDate = new Map<string, { loans: number; owed: ReturnType<typeof dec> }>()
  let owed = dec('0')
  for (const row of active) {
    const date = new Date(row.dueAt ?? 0).toISOString().slice(0, 10)
    const entry = byDate.get(date) ?? { loans: 0, owed: dec('0') }
    entry.loans++
    entry.owed = entry.owed.plus(owedOf(row))
    owed = owed.plus(owedOf(row))
    byDate.set(date, entry)
  }
  const owedByDate = [...byDate.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([date, e]) => ({ date, loans: e.loans, owed: money(e.owed) }))
  return { currency, balance: money(await houseBalance(db, 'live', 'lending_reserve', currency)), owed: money(owed), owedByDate }
}

export async function fundReserve(app: FastifyInstance, operator: OperatorActor, body: FundReserve): Promise<LendingReserve> {
  const currency = app.conf.loans.currency
  await app.db.transaction(async (tx) => {
    await lockReserve(tx)
    const posted = await postJournal(tx, fundingJournal(currency, body.amount, body.reference))
    if (!posted.replayed) {
      await audit(tx as unknown as Db, operator, { action: 'loans.fund', subject: `lending-reserve:${currency}`, after: { amount: body.amount, currency, reference: body.reference } })
    }
  })
  return lendingReserve(app)
}
