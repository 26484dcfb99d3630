// A pending limit order's fill and cancel (orders.money.ts says how every money event posts), each with its row's
// change and its journal in the caller's transaction, the book locked.
import { canPay, releaseOf } from '#contract/trading-account.ts'
import { dec, type Dec } from '#contract/trading-math.ts'
import { postJournal, type Posted } from '../../ledger/post.ts'
import type { Tx } from '../../ledger/types.ts'
import { figuresOf, holdingOf, houseLeg, userLeg, type BookState } from './orders.money.ts'
import { bookKey, booksHeld, insertOrder, updateOrder } from './orders.repository.ts'
import type { OrderRow } from './orders.table.ts'

/** Cancels a locked pending limit order (its book locked): its reservation goes back to available, less whatever the
 * book's margin account still lacks (releaseOf). */
export async function settleCancel(tx: Tx, row: OrderRow, now: number): Promise<{ row: OrderRow; posted: Posted }> {
  const ref = { userId: row.userId, book: row.book }
  const { balances, drawn } = (await booksHeld(tx, [ref])).get(bookKey(ref))!
  const mine = balances.currencies.find((c) => c.currency === row.marginCurrency)
  const book = { available: mine?.available ?? '0', marginAccount: mine?.inUse ?? '0', drawn: drawn.get(row.marginCurrency) ?? '0' }
  const release = releaseOf(book, row.margin, '0')
  const updated = await updateOrder(tx, row.id, { status: 'cancelled', closeTime: now, marginDrawn: release.drawn.toFixed() })
  const posted = await postJournal(tx, {
    kind: 'trade',
    reason: 'limit.cancel',
    reference: String(row.id),
    idempotencyKey: `cancel:${row.id}`,
    userId: row.userId,
    legs: [
      userLeg(row.userId, row.book, 'margin', row.marginCurrency, release.margin),
      userLeg(row.userId, row.book, 'available', row.marginCurrency, release.available),
    ],
  })
  return { row: updated, posted }
}

export type FillInput = { price: Dec; margin: Dec; fee: Dec; now: number; state: BookState }

/**
 * Fills a locked pending limit order at `price`: a new open position (its margin recomputed at the fill price, the
 * fee charged) and the limit row marked filled, linked both ways. Answers null when the free margin does not cover
 * the difference; the caller then cancels.
 */
export async function settleFill(tx: Tx, limit: OrderRow, f: FillInput): Promise<{ position: OrderRow; limit: OrderRow; posted: Posted } | null> {
  const reserved = dec(limit.margin)
  const extra = f.margin.minus(reserved)
  if (!canPay(figuresOf(f.state), extra.plus(f.fee))) return null
  // A smaller margin at the fill price: the difference is released as any margin is (releaseOf), the book's margin
  // account paid back first; a larger one is paid from the cash.
  const release = extra.isNeg() ? releaseOf(holdingOf(f.state), extra.neg(), '0') : null
  const toMargin = release ? release.margin : extra
  const toAvailable = release ? release.available : extra.neg()
  const currency = limit.marginCurrency
  const position = await insertOrder(tx, {
    userId: limit.userId,
    book: limit.book,
    kind: 'contract',
    symbol: limit.symbol,
    side: limit.side,
    lots: limit.lots,
    leverage: limit.leverage,
    status: 'open',
    openPrice: f.price.toFixed(),
    takeProfit: limit.takeProfit,
    stopLoss: limit.stopLoss,
    margin: f.margin.toFixed(),
    fee: f.fee.toFixed(),
    marginCurrency: currency,
    openTime: f.now,
    createTime: f.now,
    linkedOrderNo: limit.id,
    openKey: `fill:${limit.id}`,
  })
  const updated = await updateOrder(tx, limit.id, {
    status: 'filled',
    openPrice: f.price.toFixed(),
    openTime: f.now,
    linkedOrderNo: position.id,
    marginDrawn: release?.drawn.toFixed() ?? '0',
  })
  const posted = await postJournal(tx, {
    kind: 'trade',
    reason: 'limit.fill',
    reference: String(limit.id),
    idempotencyKey: `fill:${limit.id}`,
    userId: limit.userId,
    legs: [
      userLeg(limit.userId, limit.book, 'available', currency, toAvailable.minus(f.fee)),
      userLeg(limit.userId, limit.book, 'margin', currency, toMargin),
      houseLeg(limit.book, 'fees', currency, f.fee),
    ],
  })
  return { position, limit: updated, posted }
}
