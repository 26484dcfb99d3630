// Withdrawals: the user asks (checks, then the row and its request journal in one transaction under the live book's
// lock, the same lock orders take, so an order and a withdrawal never spend the same free money); an operator approves
// with the payout's hash or rejects with a reason (the row locked, its state changed, its journal posted, the action
// audited and the user's message stored in one transaction); after each commit the user hears balance_update and
// new_message.
// Over 300 lines for now: the user's side (submit, lists) and the operators' (queue, approve, reject) share the row
// view and the terms; the operators' side should move to withdrawals.ops.ts next.
import { and, asc, count, desc, eq, gt, inArray, ne, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ApproveWithdrawal, OpsWithdrawal, RejectWithdrawal } from '#contract/ops-withdrawals.ts'
import { dec } from '#contract/trading-math.ts'
import { withdrawIssue, withdrawQuote, type WithdrawIssue } from '#contract/withdraw-math.ts'
import type { SubmitWithdrawal, Withdrawal, WithdrawInfo, WithdrawalPage } from '#contract/withdrawals.ts'
import { AppError } from '../../app-error.ts'
import type { Db } from '../../db/client.ts'
import { pgError, retrying } from '../../ledger/db-errors.ts'
import { pushBalanceUpdates } from '../../ledger/notify.ts'
import { postJournal, type Posted } from '../../ledger/post.ts'
import { trim } from '../../ledger/reconcile.ts'
import type { DbOrTx, Tx } from '../../ledger/types.ts'
import type { AuthUser } from '../../plugins/auth.ts'
import { checksummed } from '../auth/auth.service.ts'
import { userLabels } from '../auth/users.repository.ts'
import { insertTemplateMessage } from '../messages/messages.service.ts'
import { audit } from '../ops/audit.ts'
import type { OperatorActor } from '../ops/operators.ts'
import { bookState, figuresOf } from '../orders/orders.money.ts'
import { spendable } from '#contract/trading-account.ts'
import { lockBook } from '../orders/orders.repository.ts'
import { pricingOf } from '../orders/orders.service.ts'
import { listNetworks } from '../funds/funds.service.ts'
import { isVerified } from '../kyc/kyc.status.ts'
import { checkPayout, openTerms, termsOf, type ServerTerms } from './withdrawals.deps.ts'
import { paidJournal, rejectedJournal, requestJournal } from './withdrawals.money.ts'
import { withdrawals, type WithdrawalRow } from './withdrawals.table.ts'

const DAY_MS = 24 * 60 * 60 * 1000

/** Asked under these terms, a withdrawal of `amount` needs a second operator; stored with the row, never re-read. */
const needsSecond = (amount: string, terms: ServerTerms) => terms.secondConfirmAbove !== null && dec(amount).gt(terms.secondConfirmAbove)

export function toWithdrawal(row: WithdrawalRow): Withdrawal {
  return {
    id: String(row.id),
    currency: row.currency,
    network: row.network,
    address: row.address,
    amount: trim(row.amount),
    fee: trim(row.fee),
    receive: trim(row.receive),
    status: row.status,
    txHash: row.txHash,
    rejectReason: row.rejectReason,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  }
}

/** What may leave the live book in `currency` now: available, less any open loss of positions margined in it. */
async function withdrawable(app: FastifyInstance, tx: DbOrTx, userId: string, currency: string): Promise<string> {
  const state = await bookState(tx as Tx, userId, 'live', currency, pricingOf(app))
  if (!state.positions.some((p) => p.marginCurrency === currency)) return state.available.toFixed()
  // Floating profit is not cash until closed, whatever free margin counts: losses only.
  return spendable(figuresOf({ ...state, floatingInFree: 'loss_only' })).toFixed()
}

/** Asked in the last 24 hours in `currency`, rejected withdrawals not counted. */
async function usedToday(handle: DbOrTx, userId: string, currency: string, now: number): Promise<string> {
  const [row] = await handle
    .select({ sum: sql<string>`coalesce(sum(${withdrawals.amount}), 0)::text` })
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), eq(withdrawals.currency, currency), gt(withdrawals.createdAt, now - DAY_MS), ne(withdrawals.status, 'rejected')))
  return trim(row?.sum ?? '0')
}

const ISSUE_ERRORS: { [C in WithdrawIssue['code']]: (issue: Extract<WithdrawIssue, { code: C }>, currency: string, amount: string) => AppError } = {
  tooPrecise: (i, currency, amount) => new AppError(400, 'amountTooPrecise', { amount, currency, scale: i.scale }),
  belowMin: (i, currency) => new AppError(400, 'withdrawBelowMin', { min: i.min, currency }),
  nothingArrives: (i, currency) => new AppError(400, 'withdrawNothingArrives', { fee: i.fee, currency }),
  insufficient: (i, currency) => new AppError(409, 'withdrawInsufficient', { available: i.available, currency }),
  dailyMax: (i, currency) => new AppError(409, 'withdrawDailyMax', { max: i.max, left: i.left, currency }),
  kycRequired: (i, currency) => new AppError(403, 'withdrawKycRequired', { above: i.above, currency }),
}
const issueError = (issue: WithdrawIssue, currency: string, amount: string) =>
  (ISSUE_ERRORS[issue.code] as (i: WithdrawIssue, c: string, a: string) => AppError)(issue, currency, amount)

/** The destination as it will be stored: EIP-55 on EVM networks; elsewhere letters and digits as typed. */
function destinationOf(terms: ServerTerms, address: string): string {
  const value = address.trim()
  const invalid = new AppError(400, 'withdrawAddressInvalid', { network: terms.network })
  if (!terms.evm) {
    if (!/^[A-Za-z0-9]{20,100}$/.test(value)) throw invalid
    return value
  }
  if (!/^0x[0-9a-fA-F]{40}$/.test(value)) throw invalid
  try {
    return checksummed(value)
  } catch {
    throw invalid
  }
}

export async function submitWithdrawal(app: FastifyInstance, user: AuthUser, body: SubmitWithdrawal, key: string): Promise<Withdrawal> {
  if (user.accountType !== 'live') throw new AppError(409, 'withdrawLiveOnly')
  const terms = await openTerms(app.db, body.currency, body.network)
  const address = destinationOf(terms, body.address)
  const kycVerified = terms.kycAbove !== null && dec(body.amount).gt(terms.kycAbove) ? await isVerified(app.db, user.id) : false
  const { row, posted } = await retrying(() =>
    app.db.transaction(async (tx) => {
      await lockBook(tx, user.id, 'live')
      const now = app.now()
      const [available, used] = await Promise.all([withdrawable(app, tx, user.id, body.currency), usedToday(tx, user.id, body.currency, now)])
      const issue = withdrawIssue({ amount: body.amount, terms, available, usedToday: used, kycVerified })
      if (issue) throw issueError(issue, body.currency, body.amount)
      const quote = withdrawQuote(body.amount, terms)
      const [inserted] = await tx
        .insert(withdrawals)
        .values({
          userId: user.id,
          currency: body.currency,
          network: body.network,
          address,
          amount: quote.amount.toFixed(),
          fee: quote.fee.toFixed(),
          receive: quote.receive.toFixed(),
          status: 'pending',
          needsSecond: needsSecond(quote.amount.toFixed(), terms),
          requestKey: key,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing({ target: withdrawals.requestKey })
        .returning()
      // The key was used before only if a first attempt committed but its answer was lost: answer that row again.
      if (!inserted) return { row: (await tx.select().from(withdrawals).where(eq(withdrawals.requestKey, key)))[0]!, posted: null }
      return { row: inserted, posted: await postJournal(tx, requestJournal(inserted)) }
    }),
  )
  if (posted) await pushBalanceUpdates(app, posted)
  return toWithdrawal(row)
}

export async function withdrawInfo(app: FastifyInstance, user: AuthUser): Promise<WithdrawInfo> {
  const networks = await listNetworks(app.db)
  const currencies = [...new Set(networks.filter((n) => n.withdrawEnabled).map((n) => n.currency))]
  const now = app.now()
  const [balances, kycVerified] = await Promise.all([
    Promise.all(
      currencies.map(async (currency) => ({
        currency,
        available: await withdrawable(app, app.db, user.id, currency),
        usedToday: await usedToday(app.db, user.id, currency, now),
      })),
    ),
    isVerified(app.db, user.id),
  ])
  return {
    balances,
    kycVerified,
    book: user.accountType,
  }
}

export async function myWithdrawals(db: Db, userId: string, page: number, size: number): Promise<WithdrawalPage> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(withdrawals)
      .where(eq(withdrawals.userId, userId))
      .orderBy(desc(withdrawals.id))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ n: count() }).from(withdrawals).where(eq(withdrawals.userId, userId)),
  ])
  return { list: rows.map(toWithdrawal), total: total?.n ?? 0, page, size }
}

/** The caller's withdrawal, or 404 (another user's is not theirs to know about). */
export async function myWithdrawal(db: Db, userId: string, id: string): Promise<Withdrawal> {
  const [row] = await db.select().from(withdrawals).where(and(eq(withdrawals.id, BigInt(id)), eq(withdrawals.userId, userId)))
  if (!row) throw new AppError(404, 'withdrawalNotFound')
  return toWithdrawal(row)
}

// ---- Operators ----

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
