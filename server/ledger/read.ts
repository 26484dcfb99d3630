// The ledger's read API for a user's transaction record: other modules (account) read entries through these
// functions, never through the ledger's tables. Rows come newest first by entry id: ids grow in the order entries
// are written, which is also the order balance_after runs in, whereas journals' created_at is the start of their
// transaction and two transactions can commit in the other order.
import { and, count, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm'
import { accounts, entries, journals } from './ledger.table.ts'
import { trim } from './reconcile.ts'
import type { Book, DbOrTx, SystemKind } from './types.ts'

/** Which of a user's entries: one book, optionally one journal kind and a time range (epoch ms, inclusive). */
export type RecordFilter = { userId: string; book: Book; kind?: string; from?: number; to?: number }

export type RecordEntry = {
  id: number
  time: Date
  kind: string
  reason: string
  /** Signed decimal text, trailing zeros trimmed. */
  amount: string
  currency: string
  book: Book
  balanceAfter: string | null
}

export type RecordTotal = { kind: string; currency: string; credit: string; debit: string; net: string; count: number }

function where(filter: RecordFilter): SQL {
  const conditions: (SQL | undefined)[] = [eq(accounts.ownerId, filter.userId), eq(accounts.book, filter.book)]
  if (filter.kind) conditions.push(eq(journals.kind, filter.kind))
  if (filter.from !== undefined) conditions.push(gte(journals.createdAt, new Date(filter.from)))
  if (filter.to !== undefined) conditions.push(lte(journals.createdAt, new Date(filter.to)))
  return and(...conditions)!
}

const columns = {
  id: entries.id,
  time: journals.createdAt,
  kind: journals.kind,
  reason: journals.reason,
  amount: sql<string>`${entries.amount}::text`,
  currency: entries.currency,
  book: accounts.book,
  balanceAfter: sql<string | null>`${entries.balanceAfter}::text`,
}

const joined = <T extends Record<string, unknown>>(handle: DbOrTx, select: T) =>
  handle
    .select(select as never)
    .from(entries)
    .innerJoin(accounts, eq(accounts.id, entries.accountId))
    .innerJoin(journals, eq(journals.id, entries.journalId))

const toEntry = (row: Record<string, unknown>): RecordEntry => {
  const r = row as { id: number; time: Date; kind: string; reason: string; amount: string; currency: string; book: Book; balanceAfter: string | null }
  return { ...r, amount: trim(r.amount), balanceAfter: r.balanceAfter === null ? null : trim(r.balanceAfter) }
}

/** Newest first, `limit` rows from `offset`. */
export async function recordEntries(handle: DbOrTx, filter: RecordFilter, limit: number, offset = 0): Promise<RecordEntry[]> {
  const rows = await joined(handle, columns).where(where(filter)).orderBy(desc(entries.id)).limit(limit).offset(offset)
  return (rows as Record<string, unknown>[]).map(toEntry)
}

export async function recordCount(handle: DbOrTx, filter: RecordFilter): Promise<number> {
  const [row] = (await joined(handle, { n: count() }).where(where(filter))) as { n: number }[]
  return row?.n ?? 0
}

/** Credits, debits and net per journal kind and currency. */
export async function recordTotals(handle: DbOrTx, filter: RecordFilter): Promise<RecordTotal[]> {
  const rows = (await joined(handle, {
    kind: journals.kind,
    currency: entries.currency,
    credit: sql<string>`coalesce(sum(${entries.amount}) FILTER (WHERE ${entries.amount} > 0), 0)::text`,
    debit: sql<string>`coalesce(-sum(${entries.amount}) FILTER (WHERE ${entries.amount} < 0), 0)::text`,
    net: sql<string>`sum(${entries.amount})::text`,
    count: count(),
  })
    .where(where(filter))
    .groupBy(journals.kind, entries.currency)
    .orderBy(journals.kind, entries.currency)) as RecordTotal[]
  return rows.map((r) => ({ ...r, credit: trim(r.credit), debit: trim(r.debit), net: trim(r.net) }))
}

/** A house account kind's balance in one book and currency: the sum of its shards (shards.ts). */
export async function houseBalance(handle: DbOrTx, book: Book, kind: SystemKind, currency: string): Promise<string> {
  const result = await handle.execute(
    sql`SELECT coalesce(sum(balance), 0)::text AS total FROM accounts WHERE owner_id IS NULL AND book = ${book} AND kind = ${kind} AND currency = ${currency}`,
  )
  return trim((result as unknown as { rows: { total: string }[] }).rows[0]?.total ?? '0')
}
