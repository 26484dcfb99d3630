// Balances, the book switch, the demo reset and the transaction record. Money moves only through server/ledger; this
// module reads the ledger's tables and asks it to post.
import { Decimal } from '../../ledger/decimal.ts'
import { and, count, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Balance, RangeQuery, RecordQuery, RecordTotals, TransactionPage, TransactionRow } from '#contract/account.ts'
import type { AccountType } from '#contract/auth.ts'
import { accounts, entries, journals } from '../../ledger/ledger.table.ts'
import { bookBalances, fundDemoBook, isDemoFunded, resetDemoBook } from '../../ledger/books.ts'
import { pushBalanceUpdates } from '../../ledger/notify.ts'
import { trim } from '../../ledger/reconcile.ts'
import { isReason, REASONS } from '../../ledger/types.ts'
import { setAccountType } from '../auth/users.repository.ts'

export async function getBalance(app: FastifyInstance, userId: string, book: AccountType): Promise<Balance> {
  let balances = await bookBalances(app.db, userId, book)
  // Users created before the ledger existed get their demo funds on first look (idempotent: once per user). An
  // empty demo book is the sign; the funding journal, not the accounts, says whether it was ever funded.
  if (book === 'demo' && !balances.hasFunds && !(await isDemoFunded(app.db, userId))) {
    await fundDemoBook(app.db, userId)
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
  const posted = await resetDemoBook(app.db, userId, `user:${userId}:resetDemo:${key}`)
  await pushBalanceUpdates(app, posted)
  return getBalance(app, userId, 'demo')
}

type Translate = (reason: string) => string

export function reasonTranslator(app: FastifyInstance, language: string | undefined): Translate {
  return (reason) => (isReason(reason) ? app.translate(language, REASONS[reason]) : reason)
}

function recordFilter(userId: string, book: AccountType, query: RangeQuery & { kind?: string }): SQL {
  const conditions: (SQL | undefined)[] = [eq(accounts.ownerId, userId), eq(accounts.book, book)]
  if (query.kind) conditions.push(eq(journals.kind, query.kind))
  if (query.from !== undefined) conditions.push(gte(journals.createdAt, new Date(query.from)))
  if (query.to !== undefined) conditions.push(lte(journals.createdAt, new Date(query.to)))
  return and(...conditions)!
}

const rowColumns = {
  id: entries.id,
  time: journals.createdAt,
  kind: journals.kind,
  reason: journals.reason,
  amount: sql<string>`${entries.amount}::text`,
  currency: entries.currency,
  book: accounts.book,
  balanceAfter: sql<string | null>`${entries.balanceAfter}::text`,
}

type RawRow = { id: number; time: Date; kind: string; reason: string; amount: string; currency: string; book: AccountType; balanceAfter: string | null }

const toRow = (row: RawRow, translate: Translate): TransactionRow => ({
  id: String(row.id),
  time: row.time.getTime(),
  kind: row.kind,
  reason: row.reason,
  reasonText: translate(row.reason),
  amount: trim(row.amount),
  currency: row.currency,
  book: row.book,
  ...(row.balanceAfter === null ? {} : { balanceAfter: trim(row.balanceAfter) }),
})

const selectRows = (app: FastifyInstance, where: SQL) =>
  app.db
    .select(rowColumns)
    .from(entries)
    .innerJoin(accounts, eq(accounts.id, entries.accountId))
    .innerJoin(journals, eq(journals.id, entries.journalId))
    .where(where)
    .orderBy(desc(journals.createdAt), desc(entries.id))

export async function transactionRecord(app: FastifyInstance, userId: string, book: AccountType, query: RecordQuery, translate: Translate): Promise<TransactionPage> {
  const where = recordFilter(userId, book, query)
  const [rows, [total]] = await Promise.all([
    selectRows(app, where).limit(query.size).offset((query.page - 1) * query.size),
    app.db
      .select({ n: count() })
      .from(entries)
      .innerJoin(accounts, eq(accounts.id, entries.accountId))
      .innerJoin(journals, eq(journals.id, entries.journalId))
      .where(where),
  ])
  return { list: rows.map((r) => toRow(r as RawRow, translate)), total: total?.n ?? 0, page: query.page, size: query.size }
}

export async function transactionTotals(app: FastifyInstance, userId: string, book: AccountType, query: RangeQuery): Promise<RecordTotals> {
  const rows = await app.db
    .select({
      kind: journals.kind,
      currency: entries.currency,
      credit: sql<string>`coalesce(sum(${entries.amount}) FILTER (WHERE ${entries.amount} > 0), 0)::text`,
      debit: sql<string>`coalesce(-sum(${entries.amount}) FILTER (WHERE ${entries.amount} < 0), 0)::text`,
      net: sql<string>`sum(${entries.amount})::text`,
      count: count(),
    })
    .from(entries)
    .innerJoin(accounts, eq(accounts.id, entries.accountId))
    .innerJoin(journals, eq(journals.id, entries.journalId))
    .where(recordFilter(userId, book, query))
    .groupBy(journals.kind, entries.currency)
    .orderBy(journals.kind, entries.currency)
  return { book, list: rows.map((r) => ({ ...r, credit: trim(r.credit), debit: trim(r.debit), net: trim(r.net) })) }
}

/** The most rows one export carries; a wider range is cut to the newest ones. */
export const EXPORT_MAX_ROWS = 50_000

export async function exportRows(app: FastifyInstance, userId: string, book: AccountType, query: RangeQuery, translate: Translate) {
  const rows = await selectRows(app, recordFilter(userId, book, query)).limit(EXPORT_MAX_ROWS)
  return rows.map((r) => toRow(r as RawRow, translate))
}
