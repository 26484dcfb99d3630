// What the yield products (Smart plans, financing, node staking) do alike: read the free reserve per currency of what
// is on offer, the names of the products a user's holdings refer to and a page of the user's holdings on their book;
// check a purchase's amount; and buy: the principal from available to the product's account and the most the holding
// can pay earmarked out of the free reserve, in one journal, under the book's lock and the reserve's lock.
import { and, count, desc, eq, inArray, ne } from 'drizzle-orm'
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { FastifyInstance } from 'fastify'
import { amountIssue } from '#contract/earn-math.ts'
import type { ServerMessageKey } from '#contract/server-messages.ts'
import { spendable } from '#contract/trading-account.ts'
import { dec } from '#contract/trading-math.ts'
import { AppError } from '../../app-error.ts'
import { retrying } from '../../ledger/db-errors.ts'
import { pushBalanceUpdates } from '../../ledger/notify.ts'
import { postJournal } from '../../ledger/post.ts'
import { trim } from '../../ledger/reconcile.ts'
import type { Book, DbOrTx, Reason, Tx } from '../../ledger/types.ts'
import type { AuthUser } from '../../plugins/auth.ts'
import { bookState, figuresOf } from '../orders/orders.money.ts'
import { lockBook } from '../orders/orders.repository.ts'
import { pricingOf } from '../orders/orders.service.ts'
import { earnNow } from './clock.ts'
import { earmarkLegs, freeReserve, reserveLock, userLeg } from './reserve.ts'

/** A table of products: each with an id and a name per language. */
type Catalog = PgTable & { id: AnyPgColumn; names: AnyPgColumn }
/** A table of users' holdings of products, on either book. */
type Holdings = PgTable & { id: AnyPgColumn; userId: AnyPgColumn; book: AnyPgColumn }

/** The book's free reserve in each currency these products are sold in (what "sold out" is decided on). */
export async function freeByCurrency(handle: DbOrTx, book: Book, rows: { currency: string }[]): Promise<Map<string, string>> {
  const free = new Map<string, string>()
  for (const currency of new Set(rows.map((r) => r.currency))) free.set(currency, await freeReserve(handle, book, currency))
  return free
}

/** The products not closed (on sale or paused), by id, with the book's free reserve in each of their currencies. */
export async function onOffer<T extends Catalog & { status: AnyPgColumn }>(handle: DbOrTx, book: Book, catalog: T) {
  const rows = (await handle.select().from(catalog as PgTable).where(ne(catalog.status, 'closed')).orderBy(catalog.id)) as (T['$inferSelect'] & { currency: string })[]
  return { rows, free: await freeByCurrency(handle, book, rows) }
}

/** The names of these products, by id. */
export async function namesById(handle: DbOrTx, catalog: Catalog, ids: bigint[]): Promise<Map<string, Record<string, string>>> {
  if (ids.length === 0) return new Map()
  const rows = (await handle.select({ id: catalog.id, names: catalog.names }).from(catalog).where(inArray(catalog.id, ids))) as { id: bigint; names: Record<string, string> }[]
  return new Map(rows.map((r) => [String(r.id), r.names]))
}

/** A page of the user's holdings on their current book, newest first, with the names of their products. */
export async function holdingsPage<T extends Holdings>(
  handle: DbOrTx,
  user: AuthUser,
  holdings: T,
  products: { catalog: Catalog; of: (row: T['$inferSelect']) => bigint },
  page: number,
  size: number,
) {
  const where = and(eq(holdings.userId, user.id), eq(holdings.book, user.accountType))
  const [rows, [total]] = await Promise.all([
    handle.select().from(holdings as PgTable).where(where).orderBy(desc(holdings.id)).limit(size).offset((page - 1) * size) as Promise<T['$inferSelect'][]>,
    handle.select({ n: count() }).from(holdings as PgTable).where(where),
  ])
  const names = await namesById(handle, products.catalog, [...new Set(rows.map(products.of))])
  return { rows, total: total?.n ?? 0, nameOf: (row: T['$inferSelect']) => names.get(String(products.of(row))) ?? {} }
}

/** What the book may spend now in `currency`: available, less any open loss of positions margined in it. */
export async function spendableNow(app: FastifyInstance, tx: Tx, userId: string, book: Book, currency: string) {
  const state = await bookState(tx, userId, book, currency, pricingOf(app))
  if (!state.positions.some((p) => p.marginCurrency === currency)) return state.available
  return spendable(figuresOf({ ...state, floatingInFree: 'loss_only' }))
}

/** A purchase's amount as a decimal string: 400 with the product's message when empty or out of its range, or when
 * finer than the currency's scale. */
export function purchaseAmount(
  raw: string | undefined,
  product: { minAmount: string; maxAmount: string; currency: string },
  messages: { empty: ServerMessageKey; outOfRange: ServerMessageKey },
): string {
  const amount = (raw ?? '').trim()
  const { currency } = product
  const issue = amountIssue(amount, { minAmount: trim(product.minAmount), maxAmount: trim(product.maxAmount), currency })
  if (issue?.code === 'empty') throw new AppError(400, messages.empty)
  if (issue?.code === 'tooPrecise') throw new AppError(400, 'amountTooPrecise', { amount, currency, scale: issue.scale })
  if (issue?.code === 'outOfRange') throw new AppError(400, messages.outOfRange, { min: issue.min, max: issue.max, currency })
  return dec(amount).toFixed()
}

export type Purchase<Row> = {
  currency: string
  principal: string
  /** The most the holding can pay, taken from the free reserve now. */
  earmark: string
  /** The user's account that holds the principal. */
  holds: 'earn' | 'financing'
  reason: Reason
  soldOut: ServerMessageKey
  /** Inserts the holding, ON CONFLICT (request_key) DO NOTHING: undefined when the key made one before. */
  insert: (tx: Tx, now: number) => Promise<Row | undefined>
  /** The holding the key made before. */
  made: (tx: Tx) => Promise<Row>
  idOf: (row: Row) => bigint
}

/** Buys on the user's book: 409 when they cannot spend the principal or the reserve cannot cover the earmark, and then
 * nothing moves; a key seen before answers its holding and moves nothing. */
export async function purchase<Row>(app: FastifyInstance, user: AuthUser, key: string, buy: Purchase<Row>): Promise<Row> {
  const book = user.accountType
  const { currency, principal, earmark } = buy
  const { row, posted } = await retrying(() =>
    app.db.transaction(async (tx) => {
      await lockBook(tx, user.id, book)
      if (dec(await spendableNow(app, tx, user.id, book, currency)).lt(principal)) throw new AppError(409, 'insufficientFunds')
      await reserveLock(tx, book, currency)
      if (dec(await freeReserve(tx, book, currency)).lt(earmark)) throw new AppError(409, buy.soldOut)
      const inserted = await buy.insert(tx, earnNow(app))
      // The key was used before only if a first attempt committed but its answer was lost: answer that row again.
      if (!inserted) return { row: await buy.made(tx), posted: null }
      const legs = [
        userLeg(user.id, book, 'available', currency, dec(principal).neg().toFixed()),
        userLeg(user.id, book, buy.holds, currency, principal),
        ...(dec(earmark).isZero() ? [] : earmarkLegs(book, currency, earmark)),
      ]
      const reference = String(buy.idOf(inserted))
      const posted = await postJournal(tx, { kind: 'yield', reason: buy.reason, reference, idempotencyKey: key, userId: user.id, legs })
      return { row: inserted, posted }
    }),
  )
  if (posted) await pushBalanceUpdates(app, posted)
  return row
}
