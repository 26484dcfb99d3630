// Withdrawals, the operators' side: the queue, and a decision: approve with the payout's hash or reject with a reason
// (the row locked, its state changed, its journal posted, the action audited and the user's message stored in one
// transaction); after each commit the user hears balance_update and new_message. The user's side is
// withdrawals.service.ts.
import { asc, count, desc, eq, inArray, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ApproveWithdrawal, OpsWithdrawal, RejectWithdrawal } from '#contract/ops-withdrawals.ts'
import { AppError } from '../../app-error.ts'
import type { Db } from '../../db/client.ts'
import { pgError } from '../../ledger/db-errors.ts'
import { pushBalanceUpdates } from '../../ledger/notify.ts'
import { postJournal, type Posted } from '../../ledger/post.ts'
import { trim } from '../../ledger/reconcile.ts'
import type { DbOrTx } from '../../ledger/types.ts'
import { userLabels } from '../auth/users.repository.ts'
import { insertTemplateMessage } from '../messages/messages.service.ts'
import { audit } from '../ops/audit.ts'
import type { OperatorActor } from '../ops/operators.ts'
import { checkPayout, termsOf } from './withdrawals.deps.ts'
import { paidJournal, rejectedJournal } from './withdrawals.money.ts'
import { toWithdrawal } from './withdrawals.service.ts'
import { withdrawals, type WithdrawalRow } from './withdrawals.table.ts'

const OPEN = ['pending', 'awaiting_second'] as const

async function toOps(db: DbOrTx, rows: WithdrawalRow[]): Promise<OpsWithdrawal[]> {
  const labels = await userLabels(db, rows.map((r) => r.userId))
  return rows.map((row) => opsView(row, labels.get(row.userId) ?? row.userId))
}

function opsView(row: WithdrawalRow, user: string): OpsWithdrawal {
  return {
    ...toWithdrawal(row),
    userId: row.userId,
    user,
    needsSecond: row.needsSecond,
    firstOperator: row.firstOperatorName,
    decidedOperator: row.decidedOperatorName,
    chainChecked: row.chainChecked,
  }
}

export async function opsWithdrawalPage(db: Db, query: { state: 'open' | 'done'; page: number; size: number }) {
  const open = query.state === 'open'
  const where = inArray(withdrawals.status, open ? [...OPEN] : ['paid', 'rejected'])
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(withdrawals)
      .where(where)
      .orderBy(open ? asc(withdrawals.id) : desc(withdrawals.updatedAt))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db.select({ n: count() }).from(withdrawals).where(where),
  ])
  const list = await toOps(db, rows)
  return { list, total: total?.n ?? 0, page: query.page, size: query.size }
}

async function openRow(db: DbOrTx, id: string, lock: boolean): Promise<WithdrawalRow> {
  const query = db.select().from(withdrawals).where(eq(withdrawals.id, BigInt(id)))
  const [row] = lock ? await query.for('update') : await query
  if (!row) throw new AppError(404, 'withdrawalNotFound')
  if (!(OPEN as readonly string[]).includes(row.status)) throw new AppError(409, 'withdrawalDecided')
  return row
}

type Decision = { row: WithdrawalRow; posted: Posted | null; message: { id: string; title: string } | null }

/** After commit: the owner's balance and unread count refresh. */
async function announce(app: FastifyInstance, d: Decision) {
  if (d.posted) await pushBalanceUpdates(app, d.posted)
  if (d.message) {
    await app.hub.publishToUser(d.row.userId, { messageType: 'new_message', data: d.message }).catch((error: unknown) => {
      app.log.warn({ err: error, withdrawal: String(d.row.id) }, 'new_message push failed')
    })
  }
}

const snapshot = (row: WithdrawalRow) => ({ status: row.status, amount: trim(row.amount), currency: row.currency, txHash: row.txHash })

/**
 * First approval of a withdrawal above the second-confirmation amount: awaiting_second, no hash (nothing is paid
 * yet). Otherwise (below it, or a second, different operator): the payout's hash, checked on chain when a chain is
 * configured, and the withdrawal is paid.
 */
export async function approveWithdrawal(app: FastifyInstance, operator: OperatorActor, body: ApproveWithdrawal): Promise<OpsWithdrawal> {
  const seen = await openRow(app.db, body.id, false)
  const terms = await termsOf(app.db, seen.currency, seen.network)
  const firstOfTwo = seen.status === 'pending' && seen.needsSecond
  if (seen.status === 'awaiting_second' && seen.firstOperatorId === operator.id) throw new AppError(403, 'withdrawSameOperator')
  if (firstOfTwo && body.txHash) throw new AppError(400, 'withdrawHashTooEarly')
  if (!firstOfTwo && !body.txHash) throw new AppError(400, 'withdrawHashRequired')
  const txHash = body.txHash?.toLowerCase() ?? null
  let chainChecked = false
  if (txHash) {
    const [used] = await app.db.select({ id: withdrawals.id }).from(withdrawals).where(sql`lower(${withdrawals.txHash}) = ${txHash}`)
    if (used) throw new AppError(409, 'withdrawHashUsed')
    // Outside the transaction: a network call never holds the row's lock.
    const found = await checkPayout(app, { txHash, to: seen.address, amount: trim(seen.receive), terms })
    if (found === 'notFound') throw new AppError(409, 'withdrawPayoutNotFound')
    if (found === 'mismatch') throw new AppError(409, 'withdrawPayoutMismatch', { receive: trim(seen.receive), currency: seen.currency, address: seen.address })
    chainChecked = found === 'ok'
  }
  const decision = await app.db
    .transaction(async (tx): Promise<Decision> => {
      const row = await openRow(tx, body.id, true)
      // Decided by someone else meanwhile: the state read above no longer holds.
      if (row.status !== seen.status) throw new AppError(409, 'withdrawalDecided')
      const now = app.now()
      const actor = { id: operator.id, name: operator.name }
      if (firstOfTwo) {
        const [updated] = await tx
          .update(withdrawals)
          .set({ status: 'awaiting_second', firstOperatorId: actor.id, firstOperatorName: actor.name, updatedAt: now })
          .where(eq(withdrawals.id, row.id))
          .returning()
        await audit(tx as unknown as Db, actor, { action: 'withdrawals.approve', subject: `withdrawal:${row.id}`, before: snapshot(row), after: snapshot(updated!) })
        return { row: updated!, posted: null, message: null }
      }
      const [updated] = await tx
        .update(withdrawals)
        .set({ status: 'paid', txHash, chainChecked, decidedOperatorId: actor.id, decidedOperatorName: actor.name, updatedAt: now })
        .where(eq(withdrawals.id, row.id))
        .returning()
      const posted = await postJournal(tx, paidJournal(updated!))
      const action = row.status === 'awaiting_second' ? 'withdrawals.confirm' : 'withdrawals.approve'
      await audit(tx as unknown as Db, actor, { action, subject: `withdrawal:${row.id}`, before: snapshot(row), after: { ...snapshot(updated!), chainChecked } })
      const message = await insertTemplateMessage(tx, row.userId, 'withdrawalPaid')
      return { row: updated!, posted, message }
    })
    .catch((error: unknown) => {
      // The same hash recorded by a concurrent approval of another withdrawal (withdrawals_tx_hash_unique), or the
      // first approver confirming their own approval after all (withdrawals_second_operator_check).
      if (pgError(error)?.code === '23505') throw new AppError(409, 'withdrawHashUsed')
      if (pgError(error)?.code === '23514') throw new AppError(403, 'withdrawSameOperator')
      throw error
    })
  await announce(app, decision)
  return (await toOps(app.db, [decision.row]))[0]!
}

export async function rejectWithdrawal(app: FastifyInstance, operator: OperatorActor, body: RejectWithdrawal): Promise<OpsWithdrawal> {
  const decision = await app.db.transaction(async (tx): Promise<Decision> => {
    const row = await openRow(tx, body.id, true)
    const actor = { id: operator.id, name: operator.name }
    const [updated] = await tx
      .update(withdrawals)
      .set({ status: 'rejected', rejectReason: body.reason, decidedOperatorId: actor.id, decidedOperatorName: actor.name, updatedAt: app.now() })
      .where(eq(withdrawals.id, row.id))
      .returning()
    const posted = await postJournal(tx, rejectedJournal(updated!))
    await audit(tx as unknown as Db, actor, { action: 'withdrawals.reject', subject: `withdrawal:${row.id}`, before: snapshot(row), after: { status: 'rejected', reason: body.reason } })
    const message = await insertTemplateMessage(tx, row.userId, 'withdrawalRejected')
    return { row: updated!, posted, message }
  })
  await announce(app, decision)
  return (await toOps(app.db, [decision.row]))[0]!
}
