// Crediting deposits: one journal per transfer through the ledger, keyed by the transfer (deposit:<network>:<tx>:<log>),
// so whoever credits it (the follower, a claim's check, an operator) and however often, the money arrives once; the
// row follows the journal (credited, journal id) in the same transaction, and the database keeps one credited claim
// per transaction (0040_proven_sender_claim.sql).
import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { AppError } from '../../app-error.ts'
import { Decimal } from '../../ledger/decimal.ts'
import { pushBalanceUpdates } from '../../ledger/notify.ts'
import { postJournalsInTx, type JournalInput, type Posted } from '../../ledger/post.ts'
import { retrying } from '../../ledger/db-errors.ts'
import { depositKey, plain, pushDepositUpdate, type DepositRow } from './deposits.service.ts'
import { deposits } from './funds.table.ts'

/** The journal that credits a deposit (its key is the transfer's, deposit:<network>:<tx>:<log>): house
 * deposits_clearing -> the user's live available. */
export function creditJournal(row: DepositRow, amount: string): JournalInput {
  const value = plain(amount)
  return {
    kind: 'deposit',
    reason: 'deposit.credit',
    reference: `${row.currency} ${row.network} ${row.txHash}`,
    idempotencyKey: depositKey(row),
    userId: row.userId,
    legs: [
      { account: { ownerId: row.userId, book: 'live', kind: 'available' }, amount: value, currency: row.currency },
      { account: { ownerId: null, book: 'live', kind: 'deposits_clearing' }, amount: new Decimal(value).negated().toFixed(), currency: row.currency },
    ],
  }
}

/**
 * Credits deposits to their users' live books, in one transaction: the rows still waiting (pending or in review) are
 * locked, their journals posted (each key makes a second credit a replay) and the rows marked credited, together. An
 * operator's rejection waits for the commit and then finds them credited; a row rejected first is never credited,
 * whatever the caller read before. Answers the rows credited now.
 */
export async function creditDeposits(app: FastifyInstance, rows: DepositRow[]): Promise<DepositRow[]> {
  if (rows.length === 0) return []
  const ids = `{${rows.map((r) => r.id.toString()).join(',')}}`
  const { credited, posted } = await retrying(() =>
    app.db.transaction(async (tx) => {
      const { rows: locked } = (await tx.execute(sql`
        SELECT id::text AS id FROM deposits WHERE id = ANY(${ids}::bigint[]) AND status IN ('pending', 'review') ORDER BY id FOR UPDATE`)) as unknown as {
        rows: { id: string }[]
      }
      const waiting = new Set(locked.map((r) => r.id))
      const todo = rows.filter((r) => waiting.has(r.id.toString()))
      if (todo.length === 0) return { credited: [] as DepositRow[], posted: [] as Posted[] }
      const outcomes = await postJournalsInTx(tx, todo.map((row) => creditJournal(row, row.amount)))
      const refusal = outcomes.find((o) => o instanceof AppError)
      if (refusal) throw refusal
      const done = outcomes as Posted[]
      const journals = done.map((p) => p.journalId)
      const times = done.map((p) => `"${p.createdAt.toISOString()}"`)
      await tx.execute(sql`
        UPDATE deposits d SET status = 'credited', journal_id = u.journal_id, credited_at = u.credited_at, updated_at = now()
        FROM unnest(${`{${todo.map((r) => r.id.toString()).join(',')}}`}::bigint[], ${`{${journals.join(',')}}`}::uuid[], ${`{${times.join(',')}}`}::timestamptz[])
          AS u(id, journal_id, credited_at)
        WHERE d.id = u.id`)
      return { credited: todo, posted: done }
    }),
  )
  const changed = credited.map((r) => ({ ...r, status: 'credited' as const }))
  // One balance_update and one deposit_update per user, however many of theirs were credited.
  const fresh = posted.filter((p) => !p.replayed)
  const touched = new Map(fresh.flatMap((p) => p.touched).map((t) => [`${t.userId}:${t.book}`, t]))
  await pushBalanceUpdates(app, { journalId: '', createdAt: new Date(), replayed: false, touched: [...touched.values()] })
  const latest = new Map(changed.map((r) => [r.userId, r]))
  for (const r of latest.values()) await pushDepositUpdate(app, r.userId, { id: r.id.toString(), status: 'credited', confirmations: r.confirmations })
  return changed
}

/** One deposit: creditDeposits of one. Answers the credited row, or null when it was no longer waiting. */
export async function creditDeposit(app: FastifyInstance, row: DepositRow): Promise<DepositRow | null> {
  const [done] = await creditDeposits(app, [row])
  if (!done) return null
  const [fresh] = await app.db.select().from(deposits).where(eq(deposits.id, row.id))
  return fresh ?? done
}