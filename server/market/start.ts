// Starts the market under leadership (the advisory-lock holder on PostgreSQL, the only process on PGlite): the price
// feed (MARKET_FEED: the simulator, or a real feed beside it), and the candle recorder that turns what every process
// hears into stored candles.
import type { FastifyInstance } from 'fastify'
import type { ResolvedOptions } from '../options.ts'
import { alwaysLeader, leadWithAdvisoryLock, SIMULATOR_LOCK_KEY } from './leader.ts'
import { startMarketFeed } from './feeds/select.ts'
import { startCandleRecorder } from './candles-recorder.ts'
import { storedQuotes } from './candles-store.ts'
import { instruments } from './catalogue.ts'
import { withPins } from './quote-pins.ts'

export function startMarket(app: FastifyInstance, conf: ResolvedOptions) {
  if (conf.tickMs <= 0) return { stop: async () => {} }
  const leadership = conf.databaseUrl
    ? leadWithAdvisoryLock(conf.databaseUrl, SIMULATOR_LOCK_KEY, conf.leaderRetryMs, app.log)
    : alwaysLeader()
  const candles = startCandleRecorder({ db: app.db, book: app.candles, isLeader: leadership.isLeader, now: app.now, log: app.log })
  let stopped = false
  // After a restart prices continue from the last stored minute (PGlite keeps it on disk), not from the catalogue.
  const simulator = storedQuotes(app.db, instruments)
    .catch((error: unknown) => (app.log.warn({ err: error }, 'reading the last stored prices failed'), []))
    .then((stored) => stopped ? null : startMarketFeed(conf.marketFeed, {
      tickMs: conf.tickMs,
      now: app.now,
      isLeader: leadership.isLeader,
      publish: (batch) => app.hub.publishTickers(withPins(app, batch)),
      // Every symbol's last quote, closed markets' included (a batch carries only the open ones); heard beats stored.
      lastTickers: () => [...stored, ...app.quotes.all()],
      onError: (error) => app.log.warn({ err: error }, 'ticker publish failed'),
      log: app.log,
    }))
  return {
    stop: async () => {
      stopped = true
      ;(await simulator)?.stop()
      await candles.stop()
      await leadership.stop()
    },
  }
}
