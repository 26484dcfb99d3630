// Candles of bid prices (written by the leader, server/market/candles-store.ts) and each user's favourite symbols.
// Migrations: server/db/migrations/0012_markets.sql, 0032_candle_ticks.sql (tick volume).
import { sql } from 'drizzle-orm'
import { bigint, check, index, integer, numeric, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core'
import { users } from '../auth/auth.table.ts'

export const marketCandles = pgTable(
  'market_candles',
  {
    symbol: text('symbol').notNull(),
    interval: text('interval', { enum: ['1m', '5m', '15m', '1h', '1d'] }).notNull(),
    /** The interval's start, epoch ms. */
    time: bigint('time', { mode: 'number' }).notNull(),
    open: numeric('open').notNull(),
    high: numeric('high').notNull(),
    low: numeric('low').notNull(),
    close: numeric('close').notNull(),
    /** Tick volume: the quote updates that fell in the candle (simulated for the simulated past). */
    ticks: integer('ticks').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'market_candles_pkey', columns: [t.symbol, t.interval, t.time] }),
    check('market_candles_interval_check', sql`${t.interval} IN ('1m', '5m', '15m', '1h', '1d')`),
    check('market_candles_range_check', sql`${t.low} <= ${t.open} AND ${t.low} <= ${t.close} AND ${t.high} >= ${t.open} AND ${t.high} >= ${t.close}`),
  ],
)

export const marketFavourites = pgTable(
  'market_favourites',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    symbol: text('symbol').notNull(),
    /** The order favourites were added in. */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
  },
  (t) => [primaryKey({ name: 'market_favourites_pkey', columns: [t.userId, t.symbol] }), index('market_favourites_user_id_seq_idx').on(t.userId, t.seq)],
)
