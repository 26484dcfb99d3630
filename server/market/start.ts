// Starts the price feed (MARKET_FEED: the simulator, or a real feed beside it) under leadership: the advisory-lock
// holder on PostgreSQL, the only process on PGlite.
import type { FastifyInstance } from 'fastify'
import type { ResolvedOptions } from '../options.ts'
import { alwaysLeader, leadWithAdvisoryLock, SIMULATOR_LOCK_KEY } from './leader.ts'
import { startMarketFeed } from './feeds/select.ts'

export function startMarket(app: FastifyInstance, conf: ResolvedOptions) {
  if (conf.tickMs <= 0) return { stop: async () => {} }
  const leadership = conf.databaseUrl
    ? leadWithAdvisoryLock(conf.databaseUrl, SIMULATOR_LOCK_KEY, conf.leaderRetryMs, app.log)
    : alwaysLeader()
  const simulator = startMarketFeed(conf.marketFeed, {
    tickMs: conf.tickMs,
    now: app.now,
    isLeader: leadership.isLeader,
    publish: app.hub.publishTickers,
    // Every symbol's last quote, closed markets' included (a batch carries only the open ones).
    lastTickers: app.quotes.all,
    onError: (error) => app.log.warn({ err: error }, 'ticker publish failed'),
    log: app.log,
  })
  return {
    stop: async () => {
      simulator.stop()
      await leadership.stop()
    },
  }
}
