// Test helpers for the orders suites: quotes through the real bus (in-process or Redis), awaited until this process's
// quote book has them, and a clock the tests move.
import type { FastifyInstance } from 'fastify'
import type { Ticker } from '#contract/socket.ts'

/** Wednesday 25 November 2026, 15:00 UTC: forex, crypto, futures and US equities all trade. */
export const WEDNESDAY_15H = Date.UTC(2026, 10, 25, 15, 0)
/** The same day at 22:00 UTC: US equities are closed, forex still trades. */
export const WEDNESDAY_22H = Date.UTC(2026, 10, 25, 22, 0)

export function testClock(start = WEDNESDAY_15H) {
  let at = start
  return { now: () => at, set: (t: number) => void (at = t) }
}

/** Publishes one batch of quotes and resolves once this app's quote book (and every onBatch listener) has it.
 * Simulated by default, as the built-in simulator's; `{ simulated: false }` stands for a real feed's. */
export function publishQuotes(app: FastifyInstance, quotes: Array<[symbol: string, bid: string, ask: string]>, { simulated = true } = {}): Promise<void> {
  const batch: Ticker[] = quotes.map(([symbol, bid, ask]) => ({ symbol, bid, ask, time: app.now(), simulated }))
  return new Promise((resolve, reject) => {
    const stop = app.quotes.onBatch((heard) => {
      if (heard.length !== batch.length || heard.some((t, i) => t.symbol !== batch[i]!.symbol || t.bid !== batch[i]!.bid)) return
      stop()
      // Listeners registered before this one (the engine) ran first; let their synchronous part finish.
      queueMicrotask(resolve)
    })
    app.hub.publishTickers(batch).catch(reject)
  })
}
