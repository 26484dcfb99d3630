// The orders table's queries. Money is not here: orders.money.ts pairs each state change with its journal.
import { and, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm'
import { named } from '../../db/named.ts'
import { balancesOf, type AccountBalanceRow, type BookBalances } from '../../ledger/books.ts'
import type { Book, DbOrTx, Tx } from '../../ledger/types.ts'
import { orders, type OrderRow } from './orders.table.ts'

export type NewOrder = typeof orders.$inferInsert

export async function insertOrder(tx: Tx, values: NewOrder): Promise<OrderRow> {
  const [row] = await tx.insert(orders).values(values).returning()
  return row!
}

export async function orderById(handle: DbOrTx, id: bigint): Promise<OrderRow | undefined> {
  const [row] = await handle.select().from(orders).where(eq(orders.id, id))
  return row
}

export async function orderOf(handle: DbOrTx, userId: string, orderNo: bigint): Promise<OrderRow | undefined> {
  const [row] = await handle
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderNo), eq(orders.userId, userId)))
  return row
}

/** Which of these order numbers are the user's positions still open (a message links a fill to its position while it is). */
export async function openPositionsAmong(handle: DbOrTx, userId: string, orderNos: string[]): Promise<Set<string>> {
  const ids = [...new Set(orderNos.filter((n) => /^\d{1,18}$/.test(n)))].map(BigInt)
  if (ids.length === 0) return new Set()
  const rows = await handle
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), inArray(orders.id, ids), eq(orders.kind, 'contract'), eq(orders.status, 'open')))
  return new Set(rows.map((r) => String(r.id)))
}

export async function updateOrder(tx: Tx, id: bigint, values: Partial<NewOrder>): Promise<OrderRow> {
  const [row] = await tx.update(orders).set(values).where(eq(orders.id, id)).returning()
  return row!
}

/** Open positions of one book: the free-margin check and the trade account value them at the last quotes. */
export const openPositions = (handle: DbOrTx, userId: string, book: Book) =>
  handle
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.book, book), eq(orders.kind, 'contract'), eq(orders.status, 'open')))

type Filter = { userId: string; book: Book; kind?: 'contract' | 'limit'; statuses?: OrderRow['status'][] }

function where(f: Filter) {
  return and(
    eq(orders.userId, f.userId),
    eq(orders.book, f.book),
    f.kind ? eq(orders.kind, f.kind) : undefined,
    f.statuses ? inArray(orders.status, f.statuses) : undefined,
  )
}

/** One page, newest first (closed positions: latest close first). */
export async function orderPage(handle: DbOrTx, f: Filter, page: number, size: number, byClose = false) {
  const order = byClose ? [desc(orders.closeTime), desc(orders.id)] : [desc(orders.id)]
  const [rows, [total]] = await Promise.all([
    handle
      .select()
      .from(orders)
      .where(where(f))
      .orderBy(...order)
      .limit(size)
      .offset((page - 1) * size),
    handle.select({ n: sql<number>`count(*)::int` }).from(orders).where(where(f)),
  ])
  return { rows, total: Number(total?.n ?? 0) }
}

/** Every live row (open positions, pending limits): what the engine's trigger indexes are built from. */
export const liveOrders = (handle: DbOrTx) => handle.select().from(orders).where(inArray(orders.status, ['open', 'pending']))

/** Serialises every order operation on one user's book (opens, closes, fills, stop-outs) for this transaction, so a
 * free-margin check stays true until its posting commits. Taken before any ledger row lock, always. */
export async function lockBook(tx: Tx, userId: string, book: Book): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`${userId}:${book}`}, 7351005))`)
}

export type OrderRef = { userId: string; orderNo: bigint }

/** The users' orders with their books locked (lockBook, in lock order) and the rows locked after them, in one round
 * trip (0015_orders_lock_book.sql), by number; another user's or an unknown number is left out. */
export async function lockOwnOrders(tx: Tx, refs: OrderRef[]): Promise<Map<bigint, OrderRow>> {
  const users = `{${refs.map((r) => r.userId).join(',')}}`
  const numbers = `{${refs.map((r) => r.orderNo).join(',')}}`
  const result = await named<Record<string, unknown>>(tx, 'orders_lock_orders_v1', sql`SELECT ${ORDER_COLUMNS} FROM orders_lock_orders(${users}::uuid[], ${numbers}::bigint[]) o`)
  const rows = result.map(orderRowOf)
  return new Map(rows.map((row) => [row.id, row]))
}

export type CloseUpdate = Pick<OrderRow, 'id' | 'closePrice' | 'closeTime' | 'profit' | 'closeReason' | 'closeMarginLevel' | 'settlementPending' | 'marginDrawn'>

/** Marks positions closed, each with its own figures, in one statement; answers the rows by number. One UPDATE that
 * probes orders by number per row, at any size (0052_positions_closed_in_one_update.sql). */
export async function closeOrderRows(tx: Tx, updates: CloseUpdate[]): Promise<Map<bigint, OrderRow>> {
  const json = JSON.stringify(updates.map((u) => ({ ...u, id: String(u.id) })))
  const result = await named<Record<string, unknown>>(tx, 'orders_close_rows_v2', sql`SELECT ${ORDER_COLUMNS} FROM orders_close_rows(${json}::jsonb) o`)
  const rows = result.map(orderRowOf)
  return new Map(rows.map((row) => [row.id, row]))
}

// A raw orders row (column names, driver values) as Drizzle maps it in a select.
const columns = Object.entries(getTableColumns(orders))
// Every column by name, for named statements (server/db/named.ts): `o.*` would be expanded again when a migration adds a
// column, and PostgreSQL refuses a prepared statement whose result changed ("cached plan must not change result type").
const ORDER_COLUMNS = sql.raw(columns.map(([, column]) => `o."${column.name}"`).join(', '))
const orderRowOf = (raw: Record<string, unknown>) =>
  Object.fromEntries(columns.map(([key, column]) => [key, raw[column.name] == null ? null : column.mapFromDriverValue(raw[column.name])])) as OrderRow

export type BookRef = { userId: string; book: Book }
export const bookKey = (b: BookRef) => `${b.userId}:${b.book}`

/** lockBook for every book named (in lock order), then their balances read under the locks, in one round trip
 * (0015_orders_lock_book.sql); keyed by bookKey. */
export async function lockBooksBalances(tx: Tx, books: BookRef[]): Promise<Map<string, BookBalances>> {
  const users = books.map((b) => b.userId)
  const names = books.map((b) => b.book)
  const rows = await named<AccountBalanceRow & { owner_id: string; book: Book }>(
    tx,
    'orders_lock_books_v1',
    sql`SELECT owner_id, book, currency, kind, balance FROM orders_lock_books(${`{${users.join(',')}}`}::uuid[], ${`{${names.join(',')}}`}::text[])`,
  )
  const byBook = new Map<string, AccountBalanceRow[]>(books.map((b) => [bookKey(b), []]))
  for (const row of rows) byBook.get(bookKey({ userId: row.owner_id, book: row.book }))?.push(row)
  return new Map([...byBook].map(([key, own]) => [key, balancesOf(own)]))
}

export type BookHeld = {
  balances: BookBalances
  /** What the book's margin account lacks of its live orders' margin, by currency (absent: nothing): the sum of the
   * few rows that drew on it or paid it back (orders_margin_drawn_idx). */
  drawn: Map<string, string>
}

/**
 * The books' balances and what each margin account lacks (BookHeld), in ONE statement, keyed by bookKey: every close
 * and cancel needs both, and two round trips each cost every batch of closes a tenth of its time (bench:orders). The
 * caller holds the books' locks (lockOwnOrders, lockBook), taken by an earlier statement, so in READ COMMITTED this
 * one reads them as the last holder left them. Users and books are matched each on its own (one index probe per
 * user, as openPositionsOf does); rows of a book not asked for are left out here.
 */
export async function booksHeld(handle: DbOrTx, books: BookRef[]): Promise<Map<string, BookHeld>> {
  if (books.length === 0) return new Map()
  const byBook = new Map<string, AccountBalanceRow[]>(books.map((b) => [bookKey(b), []]))
  const drawn = new Map<string, Map<string, string>>(books.map((b) => [bookKey(b), new Map()]))
  const users = `{${[...new Set(books.map((b) => b.userId))].join(',')}}`
  const names = `{${[...new Set(books.map((b) => b.book))].join(',')}}`
  const rows = await named<AccountBalanceRow & { owner_id: string; book: Book }>(handle, 'books_held_v1', sql`
    SELECT owner_id, book, currency, kind, balance::text AS balance FROM accounts
      WHERE owner_id = ANY(${users}::uuid[]) AND book = ANY(${names}::text[])
    UNION ALL
    SELECT user_id, book, margin_currency, 'drawn', sum(margin_drawn)::text FROM orders
      WHERE user_id = ANY(${users}::uuid[]) AND book = ANY(${names}::text[]) AND margin_drawn <> 0
      GROUP BY user_id, book, margin_currency`)
  for (const row of rows) {
    const key = bookKey({ userId: row.owner_id, book: row.book })
    if (row.kind === 'drawn') drawn.get(key)?.set(row.currency, row.balance)
    else byBook.get(key)?.push(row)
  }
  return new Map([...byBook].map(([key, own]) => [key, { balances: balancesOf(own), drawn: drawn.get(key)! }]))
}

/** Open positions of several books, by bookKey: the free-margin checks of a batch of opens. */
export async function openPositionsOf(tx: Tx, books: BookRef[]): Promise<Map<string, OrderRow[]>> {
  const byBook = new Map<string, OrderRow[]>(books.map((b) => [bookKey(b), []]))
  const users = `{${[...new Set(books.map((b) => b.userId))].join(',')}}`
  const names = `{${[...new Set(books.map((b) => b.book))].join(',')}}`
  // The book too: with kind and status, exactly orders_open_positions_idx (only the open positions).
  const rows = await named<Record<string, unknown>>(tx, 'orders_open_positions_of_v1', sql`
    SELECT ${ORDER_COLUMNS} FROM orders o
      WHERE o.user_id = ANY(${users}::uuid[]) AND o.book = ANY(${names}::text[]) AND o.kind = 'contract' AND o.status = 'open'`)
  for (const row of rows.map(orderRowOf)) byBook.get(bookKey(row))?.push(row)
  return byBook
}

/** Inserts rows whose open keys were not used before, in the order given (the order numbers follow it); answers the
 * inserted ones (the caller answers the others' first rows, orderByOpenKeys). */
export async function insertOrdersOnce(tx: Tx, values: NewOrder[]): Promise<OrderRow[]> {
  const rows = await named<Record<string, unknown>>(tx, 'orders_insert_once_v1', sql`
    INSERT INTO orders AS o (user_id, book, kind, symbol, side, lots, leverage, status, limit_price, pending_type, open_price,
        take_profit, stop_loss, margin, fee, margin_currency, open_time, create_time, open_key)
      SELECT v."userId", v.book, v.kind, v.symbol, v.side, v.lots, v.leverage, v.status, v."limitPrice", v."pendingType",
          v."openPrice", v."takeProfit", v."stopLoss", v.margin, coalesce(v.fee, 0), v."marginCurrency", v."openTime",
          v."createTime", v."openKey"
        FROM jsonb_to_recordset(${JSON.stringify(values)}::jsonb) AS v("userId" uuid, book text, kind text,
          symbol text, side text, lots numeric, leverage int, status text, "limitPrice" numeric, "pendingType" text,
          "openPrice" numeric, "takeProfit" numeric, "stopLoss" numeric, margin numeric, fee numeric, "marginCurrency" text,
          "openTime" bigint, "createTime" bigint, "openKey" text)
    ON CONFLICT (open_key) DO NOTHING
    RETURNING ${ORDER_COLUMNS}`)
  return rows.map(orderRowOf)
}

export const ordersByOpenKeys = (handle: DbOrTx, openKeys: string[]) => handle.select().from(orders).where(inArray(orders.openKey, openKeys))

export const deleteOrders = async (tx: Tx, ids: bigint[]) => {
  await tx.delete(orders).where(inArray(orders.id, ids))
}

/** Live rows numbered above `after`: how the leader hears of orders other processes opened (engine.ts polls). */
export const liveOrdersAfter = (handle: DbOrTx, after: bigint) =>
  handle
    .select()
    .from(orders)
    .where(and(sql`${orders.id} > ${after}`, inArray(orders.status, ['open', 'pending'])))

/** A book's live rows (open positions and pending orders), locked for this transaction: what a book operation (demo
 * reset) settles. The caller holds the book lock, so no new row appears meanwhile. */
export const liveOrdersOfBookLocked = (tx: Tx, userId: string, book: Book) =>
  tx
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.book, book), inArray(orders.status, ['open', 'pending'])))
    .orderBy(orders.id)
    .for('update')
