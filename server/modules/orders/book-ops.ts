// Operations on a whole book, under its lock and in one transaction: the demo reset. Every position closes at the
// price it would close at now and every pending order is cancelled (each with its own journal, so the record shows
// them) before the book's accounts are brought back to the demo funds. Emptying the margin account under live orders
// would orphan them: their close and cancel could never be paid again.
import type { FastifyInstance } from 'fastify'
import { closePrice, profit } from '#contract/trading-math.ts'
import { AppError } from '../../app-error.ts'
import { openDemoResetAccounts, resetDemoLocked } from '../../ledger/books.ts'
import { retrying } from '../../ledger/db-errors.ts'
import type { Posted } from '../../ledger/post.ts'
import { instrumentOf, withRates } from './orders.checks.ts'
import { bookState, holdingOf } from './orders.money.ts'
import { settleCloses, type CloseInput } from './orders.money-close.ts'
import { settleCancel } from './orders.money-limit.ts'
import { liveOrdersOfBookLocked, lockBook } from './orders.repository.ts'
import { announce, pricingOf } from './orders.service.ts'
import type { OrderRow } from './orders.table.ts'

export type BookReset = { posted: Posted; settled: { row: OrderRow; posted: Posted }[] }

/** Closes and cancels what the demo book holds, then resets it to the demo funds; 409 noQuote (nothing changed)
 * when a position has no price to close at. */
export async function resetDemoBook(app: FastifyInstance, userId: string, key: string): Promise<BookReset> {
  await openDemoResetAccounts(app.db, userId)
  const done = await retrying(() =>
    app.db.transaction(async (tx) => {
      await lockBook(tx, userId, 'demo')
      const rows = await liveOrdersOfBookLocked(tx, userId, 'demo')
      const pricing = pricingOf(app)
      const positions = rows.filter((r) => r.status === 'open')
      const book = holdingOf(await bookState(tx, userId, 'demo', 'USDT', pricing))
      const closes: { row: OrderRow; c: CloseInput }[] = []
      for (const row of positions) {
        const inst = instrumentOf(row.symbol)
        const quote = pricing.quote(row.symbol)
        if (!quote) throw new AppError(409, 'noQuote', { symbol: row.symbol })
        const price = closePrice(row.side, quote)
        const pl = withRates(row.symbol, () => profit(inst, row.side, row.lots, row.openPrice!, price, pricing.rates))
        closes.push({ row, c: { price, pl, reason: 'user', now: app.now(), marginLevel: null, book } })
      }
      const settled: BookReset['settled'] = closes.length > 0 ? await settleCloses(tx, closes) : []
      for (const row of rows.filter((r) => r.status === 'pending')) settled.push(await settleCancel(tx, row, app.now()))
      return { posted: await resetDemoLocked(tx, userId, key), settled }
    }),
  )
  for (const s of done.settled) await announce(app, [s.row], s.posted)
  return done
}
