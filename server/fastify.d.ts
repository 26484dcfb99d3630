// What buildApp decorates the Fastify instance with, for every module to use.
import type { Db } from './db/client.ts'
import type { Translate } from './plugins/i18n.ts'
import type { Hub } from './realtime/hub.ts'
import type { Quotes } from './market/quotes.ts'
import type { CandleBook } from './market/candles.ts'
import type { ResolvedOptions } from './options.ts'

declare module 'fastify' {
  interface FastifyInstance {
    db: Db
    dbKind: 'pg' | 'pglite'
    translate: Translate
    /** Epoch milliseconds; tests replace it. */
    now: () => number
    conf: ResolvedOptions
    hub: Hub
    /** The last quote per symbol heard on the bus (server/market/quotes.ts). */
    quotes: Quotes
    /** The candles built from those quotes; the newest is the live one (server/market/candles.ts). */
    candles: CandleBook
  }
}
