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

/** Rows of one house kind told apart by shard (a charity's donations account is the row whose shard is its id). */
export type HouseRows = { book: Book; kind: SystemKind; currency: string }

/** The sum of the entries of each named shard's row (zero for a row never opened): a total that is a ledger fact. */
export async function houseEntrySums(handle: DbOrTx, rows: HouseRows, shards: number[]): Promise<Map<number, string>> {
  const sums = new Map<number, string>(shards.map((s) => [s, '0']))
  if (shards.length === 0) return sums
  const result = await handle.execute(sql`
    SELECT a.shard, coalesce(sum(e.amount), 0)::text AS total
    FROM accounts a JOIN entries e ON e.account_id = a.id
    WHERE a.owner_id IS NULL AND a.book = ${rows.book} AND a.kind = ${rows.kind} AND a.currency = ${rows.currency}
      AND a.shard IN (${sql.join(shards.map((s) => sql`${s}`), sql`, `)})
    GROUP BY a.shard`)
  for (const row of (result as unknown as { rows: { shard: number; total: string }[] }).rows) sums.set(Number(row.shard), trim(row.total))
  return sums
}

export type HouseEntry = { reference: string | null; reason: string; amount: string; time: Date }

/** One shard's entries, newest first, with their journals' reference and reason; and how many there are. */
export async function houseEntries(handle: DbOrTx, rows: HouseRows, shard: number, limit: number, offset: number): Promise<{ list: HouseEntry[]; total: number }> {
  const where = sql`a.owner_id IS NULL AND a.book = ${rows.book} AND a.kind = ${rows.kind} AND a.currency = ${rows.currency} AND a.shard = ${shard}`
  const [list, count] = await Promise.all([
    handle.execute(sql`
      SELECT j.reference, j.reason, e.amount::text AS amount, j.created_at AS time
      FROM accounts a JOIN entries e ON e.account_id = a.id JOIN journals j ON j.id = e.journal_id
      WHERE ${where} ORDER BY e.id DESC LIMIT ${limit} OFFSET ${offset}`),
    handle.execute(sql`SELECT count(*)::int AS n FROM accounts a JOIN entries e ON e.account_id = a.id WHERE ${where}`),
  ])
  const entries = (list as unknown as { rows: { reference: string | null; reason: string; amount: string; time: Date | string }[] }).rows
  return {
    list: entries.map((r) => ({ reference: r.reference, reason: r.reason, amount: trim(r.amount), time: new Date(r.time) })),
    total: Number((count as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0),
  }
}

/** A house account kind's balance in one book and currency: the sum of its shards (shards.ts). */
export async function houseBalance(handle: DbOrTx, book: Book, kind: SystemKind, currency: string): Promise<string> {
  const result = await handle.execute(
    sql`SELECT coalesce(sum(balance), 0)::text AS total FROM accounts WHERE owner_id IS NULL AND book = ${book} AND kind = ${kind} AND currency = ${currency}`,
  )
  return trim((result as unknown as { rows: { total: string }[] }).rows[0]?.total ?? '0')
}
