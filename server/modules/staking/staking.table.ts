// Node staking's tables (0046_node_staking.sql). Amounts numeric (decimal strings here), times epoch ms of the earn
// clock, start_day a UTC date. Money moves only through the ledger (staking.service.ts, staking.accrual.ts).
import { bigint, boolean, date, integer, jsonb, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { users } from '../auth/auth.table.ts'

const decimal = (name: string) => numeric(name, { precision: 38, scale: 18 })

export const stakingActivities = pgTable('staking_activities', {
  id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity({ startWith: 201 }),
  names: jsonb('names').$type<Record<string, string>>().notNull(),
  descriptions: jsonb('descriptions').$type<Record<string, string>>().notNull(),
  currency: text('currency').notNull(),
  agreedAmount: decimal('agreed_amount').notNull(),
  bonus: decimal('bonus').notNull(),
  days: integer('days').notNull(),
  dailyRate: decimal('daily_rate').notNull(),
  exitShare: decimal('exit_share').notNull(),
  nodeStatement: text('node_statement'),
  nodeEvidence: text('node_evidence'),
  status: text('status', { enum: ['active', 'paused', 'closed'] }).notNull(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
})

export const stakingPledges = pgTable('staking_pledges', {
  id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity({ startWith: 3000001 }),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id),
  activityId: bigint('activity_id', { mode: 'bigint' })
    .notNull()
    .references(() => stakingActivities.id),
  book: text('book', { enum: ['demo', 'live'] }).notNull(),
  currency: text('currency').notNull(),
  principal: decimal('principal').notNull(),
  agreedAmount: decimal('agreed_amount').notNull(),
  bonus: decimal('bonus').notNull(),
  days: integer('days').notNull(),
  dailyRate: decimal('daily_rate').notNull(),
  daily: decimal('daily').notNull(),
  exitShare: decimal('exit_share').notNull(),
  /** What the reserve holds for it: daily × days + bonus. */
  earmark: decimal('earmark').notNull(),
  status: text('status', { enum: ['collecting', 'active', 'completed', 'withdrawn'] }).notNull().default('collecting'),
  startDay: date('start_day', { mode: 'string' }),
  daysPaid: integer('days_paid').notNull().default(0),
  paid: decimal('paid').notNull().default('0'),
  bonusPaid: boolean('bonus_paid').notNull().default(false),
  returned: decimal('returned'),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  appliedAt: bigint('applied_at', { mode: 'number' }),
  endedAt: bigint('ended_at', { mode: 'number' }),
})

export type StakingActivityRow = typeof stakingActivities.$inferSelect
export type StakingPledgeRow = typeof stakingPledges.$inferSelect
