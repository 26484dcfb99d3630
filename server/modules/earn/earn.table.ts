// Smart plans and their purchases (0041_earn.sql). The earn module owns these tables; amounts are numeric (decimal
// strings here), times epoch ms from the app's clock, start_day a UTC date (YYYY-MM-DD). Money moves only through the
// ledger (reserve.ts, earn.service.ts, and the accrual step earn_accrue_step).
import { bigint, date, integer, jsonb, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { users } from '../auth/auth.table.ts'

const decimal = (name: string) => numeric(name, { precision: 38, scale: 18 })

export const earnPlans = pgTable('earn_plans', {
  id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity({ startWith: 101 }),
  names: jsonb('names').$type<Record<string, string>>().notNull(),
  currency: text('currency').notNull(),
  days: integer('days').notNull(),
  minAmount: decimal('min_amount').notNull(),
  maxAmount: decimal('max_amount').notNull(),
  dailyRate: decimal('daily_rate').notNull(),
  exitShare: decimal('exit_share').notNull(),
  status: text('status', { enum: ['active', 'paused', 'closed'] }).notNull(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
})

export const earnOrders = pgTable('earn_orders', {
  id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity({ startWith: 1000001 }),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id),
  planId: bigint('plan_id', { mode: 'bigint' })
    .notNull()
    .references(() => earnPlans.id),
  book: text('book', { enum: ['demo', 'live'] }).notNull(),
  currency: text('currency').notNull(),
  principal: decimal('principal').notNull(),
  dailyRate: decimal('daily_rate').notNull(),
  daily: decimal('daily').notNull(),
  days: integer('days').notNull(),
  exitShare: decimal('exit_share').notNull(),
  /** What was moved from the free reserve at purchase: every day's earnings (daily × days). */
  earmark: decimal('earmark').notNull(),
  startDay: date('start_day', { mode: 'string' }).notNull(),
  daysPaid: integer('days_paid').notNull().default(0),
  paid: decimal('paid').notNull().default('0'),
  status: text('status', { enum: ['running', 'success', 'early_exit'] }).notNull().default('running'),
  returned: decimal('returned'),
  requestKey: text('request_key').notNull().unique('earn_orders_request_key_unique'),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  endedAt: bigint('ended_at', { mode: 'number' }),
})

export type EarnPlanRow = typeof earnPlans.$inferSelect
export type EarnOrderRow = typeof earnOrders.$inferSelect
