// Contract positions and limit orders (migration 0013_orders.sql). The orders module owns this table; other modules
// call orders.service.ts. Prices and amounts are numeric (decimal strings in TypeScript); times are epoch ms from
// the app's clock, so tests can move it.
import { sql } from 'drizzle-orm'
import { bigint, boolean, index, integer, numeric, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core'
import { users } from '../auth/auth.table.ts'

const decimal = (name: string) => numeric(name, { precision: 38, scale: 18 })

export const orders = pgTable(
  'orders',
  {
    /** The order number users see. */
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity({ startWith: 10000001 }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    book: text('book', { enum: ['demo', 'live'] }).notNull(),
    kind: text('kind', { enum: ['contract', 'limit'] }).notNull(),
    symbol: text('symbol').notNull(),
    side: text('side', { enum: ['buy', 'sell'] }).notNull(),
    lots: decimal('lots').notNull(),
    leverage: integer('leverage').notNull(),
    status: text('status', { enum: ['open', 'closed', 'pending', 'filled', 'cancelled'] }).notNull(),
    limitPrice: decimal('limit_price'),
    /** Pending orders only: which trigger the order waits for (0030_pending_stop_orders.sql); null reads as 'limit'. */
    pendingType: text('pending_type', { enum: ['limit', 'stop'] }),
    openPrice: decimal('open_price'),
    closePrice: decimal('close_price'),
    takeProfit: decimal('take_profit'),
    stopLoss: decimal('stop_loss'),
    margin: decimal('margin').notNull(),
    fee: decimal('fee').notNull().default('0'),
    profit: decimal('profit').notNull().default('0'),
    marginCurrency: text('margin_currency').notNull(),
    openTime: bigint('open_time', { mode: 'number' }),
    closeTime: bigint('close_time', { mode: 'number' }),
    createTime: bigint('create_time', { mode: 'number' }).notNull(),
    closeReason: text('close_reason', { enum: ['user', 'take_profit', 'stop_loss', 'stop_out'] }),
    closeMarginLevel: decimal('close_margin_level'),
    linkedOrderNo: bigint('linked_order_no', { mode: 'bigint' }),
    openKey: text('open_key').notNull(),
    // A user's close whose pl:<no> journal is not posted yet (0014_orders_fast.sql, orders.settlement.ts).
    settlementPending: boolean('settlement_pending').notNull().default(false),
    /** The opening fee is with the house (fee:<no>); false only for rows of earlier versions (0022_orders_fee_posted.sql). */
    feePosted: boolean('fee_posted').notNull().default(true),
    /** How much this row's close, cancel or fill changed what the book's margin account lacks of its live orders'
     * margin (docs/trading-account.md, "Loss protection"): positive when a loss was taken from other orders' margin,
     * negative when a release paid that back. The book's sum is what its margin account lacks (orders.subledger.ts). */
    marginDrawn: decimal('margin_drawn').notNull().default('0'),
  },
  (t) => [
    unique('orders_open_key_unique').on(t.openKey),
    index('orders_user_book_kind_status_idx').on(t.userId, t.book, t.kind, t.status, t.id.desc()),
    index('orders_user_book_id_idx').on(t.userId, t.book, t.id.desc()),
    index('orders_settlement_pending_idx').on(t.id).where(sql`${t.settlementPending}`),
    // A book's open positions, read by every free-margin check (0020_plans_that_grow.sql): only the live rows.
    index('orders_open_positions_idx').on(t.userId, t.book).where(sql`${t.kind} = 'contract' AND ${t.status} = 'open'`),
    // The few rows that drew on or paid back a book's margin: summed by every close (orders.repository.ts booksHeld).
    index('orders_margin_drawn_idx').on(t.userId, t.book).where(sql`${t.marginDrawn} <> 0`),
  ],
)

export type OrderRow = typeof orders.$inferSelect
