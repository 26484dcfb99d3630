// Balances, the book switch, the demo reset and the transaction record. Money moves only through server/ledger, and
// this module reads it only through the ledger's API (books.ts, events.ts), never its tables.
import { Decimal } from '../../ledger/decimal.ts'
import type { FastifyInstance } from 'fastify'
import type { Balance, RangeQuery, RecordQuery, RecordTotals, TransactionPage } from '#contract/account.ts'
import type { AccountType } from '#contract/auth.ts'
import { bookBalances, fundDemoBook, isDemoFunded } from '../../ledger/books.ts'
import { resetDemoBook } from '../orders/book-ops.ts'
import { pushBalanceUpdates } from '../../ledger/notify.ts'
import { recordEventCount, recordEvents, recordEventTotals, type EventFilter } from '../../ledger/events.ts'
import { setAccountType } from '../auth/users.repository.ts'
import { describer } from './events.ts'

export async function getBalance(app: FastifyInstance, userId: string, book: AccountType): Promise<Balance> {
  let balances = await bookBalances(app.db, userId, book)
  // A demo book without funds was either spent, or never funded (a user from before the ledger, or a sign-up whose
  // funding did not finish): the funding journal tells which, and funds it now, once per user. Either way the book
  // is read again, since a concurrent first call may have funded it after the first read: never a false zero.
  if (book === 'demo' && !balances.hasFunds) {
    if (!(await isDemoFunded(app.db, userId))) await fundDemoBook(app.db, userId)
    balances = await bookBalances(app.db, userId, book)
  }
  const total = balances.currencies.filter((c) => c.currency === 'USDT').reduce((sum, c) => sum.plus(c.total), new Decimal(0))
  return { book, totalUsdt: total.toFixed(), currencies: balances.currencies }
}

export async function updateAccountType(app: FastifyInstance, userId: string, accountType: AccountType) {
  await setAccountType(app.db, userId, accountType)
  // Signed-in requests read the user from the session cache: every process must forget the old book.
  await app.hub.userChanged(userId)
  return { accountType }
}

export async function resetDemo(app: FastifyInstance, userId: string, key: string): Promise<Balance> {
  // Keys are the caller's; scoped per user so two users' keys never meet.
  const { posted } = await resetDemoBook(app, userId, `user:${userId}:resetDemo:${key}`)
  await pushBalanceUpdates(app, posted)
  return getBalance(app, userId, 'demo')
}

const filterOf = (userId: string, book: AccountType, query: RangeQuery & { kind?: string }): EventFilter => ({
  userId,
  book,
  kind: query.kind,
  from: query.from,
  to: query.to,
})

/** One row per business event, newest first, told in `language` (events.ts). */
export async function transactionRecord(app: FastifyInstance, userId: string, book: AccountType, query: RecordQuery, language: string | undefined): Promise<TransactionPage> {
  const filter = filterOf(userId, book, query)
  const [events, total] = await Promise.all([recordEvents(app.db, filter, query.size, (query.page - 1) * query.size), recordEventCount(app.db, filter)])
  const describe = await describer(app, userId, book, events, language)
  return { list: events.map(describe), total, page: query.page, size: query.size }
}

export async function transactionTotals(app: FastifyInstance, userId: string, book: AccountType, query: RangeQuery): Promise<RecordTotals> {
  return { book, list: await recordEventTotals(app.db, filterOf(userId, book, query)) }
}

/** The most rows one export carries; a wider range is cut to the newest ones. */
export const EXPORT_MAX_ROWS = 50_000

export async function exportRows(app: FastifyInstance, userId: string, book: AccountType, query: RangeQuery, language: string | undefined) {
  const events = await recordEvents(app.db, filterOf(userId, book, query), EXPORT_MAX_ROWS)
  const describe = await describer(app, userId, book, events, language)
  return events.map(describe)
}
