// Financing products and orders (0045_financing.sql). The financing module owns these tables; amounts are numeric
// (decimal strings here), times epoch ms from the earn clock, start_day a UTC date (YYYY-MM-DD). Money moves only
// through the ledger (financing.service.ts, and the maturity step financing_mature_step).
import { bigint, boolean, date, integer, jsonb, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { users } from '../auth/auth.table.ts'

const decimal = (name: string) => numeric(name, { precision: 38, scale: 18 })

export const financingProducts = pgTable('financing_products', {
  id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity({ startWith: 201 }),
  names: jsonb('names').$type<Record<string, string>>().notNull(),
  currency: text('currency').notNull(),
  days: integer('days').notNull(),
  minAmount: decimal('min_amount').notNull(),
  maxAmount: decimal('max_amount').notNull(),
  annualRate: decimal('annual_rate').notNull(),
  earlyShare: decimal('early_share').notNull(),
  earlyForfeit: boolean('early_forfeit').notNull(),
  status: text('status', { enum: ['active', 'paused', 'closed'] }).notNull(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
})

export const financingOrders = pgTable('financing_orders', {
  id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity({ startWith: 2000001 }),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id),
  productId: bigint('product_id', { mode: 'bigint' })
    .notNull()
    .references(() => financingProducts.id),
  book: text('book', { enum: ['demo', 'live'] }).notNull(),
  currency: text('currency').notNull(),
  principal: decimal('principal').notNull(),
  annualRate: decimal('annual_rate').notNull(),
  days: integer('days').notNull(),
  earlyShare: decimal('early_share').notNull(),
  earlyForfeit: boolean('early_forfeit').notNull(),
  /** The term's interest, earmarked from the free reserve at purchase and paid at maturity. */
  interest: decimal('interest').notNull(),
  startDay: date('start_day', { mode: 'string' }).notNull(),
  status: text('status', { enum: ['running', 'matured', 'redeemed'] }).notNull().default('running'),
  returned: decimal('returned'),
  requestKey: text('request_key').notNull().unique('financing_orders_request_key_unique'),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  endedAt: bigint('ended_at', { mode: 'number' }),
})

export type FinancingProductRow = typeof financingProducts.$inferSelect
export type FinancingOrderRow = typeof financingOrders.$inferSelect
