// Withdrawals (migration 0019_withdrawals.sql). The withdrawals module owns this table; amounts are numeric (decimal
// strings in TypeScript), times epoch ms from the app's clock. The money itself moves through the ledger only.
import { sql } from 'drizzle-orm'
import { bigint, boolean, index, numeric, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core'
import { users } from '../auth/auth.table.ts'

const decimal = (name: string) => numeric(name, { precision: 38, scale: 18 })

export const withdrawals = pgTable(
  'withdrawals',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity({ startWith: 1000001 }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    currency: text('currency').notNull(),
    network: text('network').notNull(),
    address: text('address').notNull(),
    amount: decimal('amount').notNull(),
    fee: decimal('fee').notNull(),
    receive: decimal('receive').notNull(),
    status: text('status', { enum: ['pending', 'awaiting_second', 'paid', 'rejected'] }).notNull(),
    requestKey: text('request_key').notNull(),
    txHash: text('tx_hash'),
    chainChecked: boolean('chain_checked').notNull().default(false),
    rejectReason: text('reject_reason'),
    /** A second, different operator must confirm it: decided at submission from the terms of that moment. */
    needsSecond: boolean('needs_second').notNull(),
    firstOperatorId: uuid('first_operator_id'),
    firstOperatorName: text('first_operator_name'),
    decidedOperatorId: uuid('decided_operator_id'),
    decidedOperatorName: text('decided_operator_name'),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    unique('withdrawals_request_key_unique').on(t.requestKey),
    index('withdrawals_user_id_idx').on(t.userId, t.id.desc()),
    index('withdrawals_user_currency_created_idx').on(t.userId, t.currency, t.createdAt),
    index('withdrawals_open_idx').on(t.id).where(sql`${t.status} IN ('pending', 'awaiting_second')`),
  ],
)

export type WithdrawalRow = typeof withdrawals.$inferSelect
