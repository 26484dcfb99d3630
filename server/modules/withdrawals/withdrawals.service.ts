// Withdrawals, the user's side: the user asks (checks, then the row and its request journal in one transaction under
// the live book's lock, the same lock orders take, so an order and a withdrawal never spend the same free money), and
// reads their own. The operators' side (queue, approve, reject) is withdrawals.ops.ts.
import { and, count, desc, eq, gt, ne, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { dec } from '#contract/trading-math.ts'
import { withdrawIssue, withdrawQuote, type WithdrawIssue } from '#contract/withdraw-math.ts'
import type { SubmitWithdrawal, Withdrawal, WithdrawInfo, WithdrawalPage } from '#contract/withdrawals.ts'
import { AppError } from '../../app-error.ts'
import type { Db } from '../../db/client.ts'
import { retrying } from '../../ledger/db-errors.ts'
import { pushBalanceUpdates } from '../../ledger/notify.ts'
import { postJournal } from '../../ledger/post.ts'
import { trim } from '../../ledger/reconcile.ts'
import type { DbOrTx, Tx } from '../../ledger/types.ts'
import type { AuthUser } from '../../plugins/auth.ts'
import { checksummed } from '../auth/auth.service.ts'
import { bookState, figuresOf } from '../orders/orders.money.ts'
import { spendable } from '#contract/trading-account.ts'
import { lockBook } from '../orders/orders.repository.ts'
import { pricingOf } from '../orders/orders.service.ts'
import { listNetworks } from '../funds/funds.service.ts'
import { isVerified } from '../kyc/kyc.status.ts'
import { openTerms, type ServerTerms } from './withdrawals.deps.ts'
import { requestJournal } from './withdrawals.money.ts'
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
