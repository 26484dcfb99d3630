// Loans (migration 0044_loans.sql). The loans module owns these tables; amounts are numeric (decimal strings in
// TypeScript), times epoch ms from the app's clock. The money itself moves through the ledger only.
import { bigint, customType, index, integer, numeric, pgTable, primaryKey, text, unique, uuid } from 'drizzle-orm/pg-core'
import { users } from '../auth/auth.table.ts'

const decimal = (name: string) => numeric(name, { precision: 38, scale: 18 })
/** PostgreSQL's bytea: node-postgres answers a Buffer, PGlite a Uint8Array; both come out as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => value,
  fromDriver: (value) => Buffer.from(value),
})

export const loans = pgTable(
  'loans',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity({ startWith: 1000001 }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    currency: text('currency').notNull(),
    amount: decimal('amount').notNull(),
    termDays: integer('term_days').notNull(),
    dailyRate: decimal('daily_rate').notNull(),
    lateDailyRate: decimal('late_daily_rate').notNull(),
    interest: decimal('interest').notNull(),
    totalRepayment: decimal('total_repayment').notNull(),
    damagesPerDay: decimal('damages_per_day').notNull(),
    damagesCharged: decimal('damages_charged').notNull().default('0'),
    repaid: decimal('repaid').notNull().default('0'),
    status: text('status', { enum: ['not_signed', 'signed', 'active', 'repaid', 'rejected'] }).notNull(),
    language: text('language').notNull(),
    requestKey: text('request_key').notNull(),
    signedPdf: bytea('signed_pdf'),
    signedHash: text('signed_hash'),
    signedAt: bigint('signed_at', { mode: 'number' }),
    approvedAt: bigint('approved_at', { mode: 'number' }),
    dueAt: bigint('due_at', { mode: 'number' }),
    rejectReason: text('reject_reason'),
    decidedOperatorName: text('decided_operator_name'),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [unique('loans_request_key_unique').on(t.requestKey), index('loans_user_id_idx').on(t.userId, t.id.desc()), index('loans_status_idx').on(t.status, t.id)],
)

export type LoanRow = typeof loans.$inferSelect

export const loanLateDays = pgTable(
  'loan_late_days',
  {
    loanId: bigint('loan_id', { mode: 'bigint' })
      .notNull()
      .references(() => loans.id),
    day: integer('day').notNull(),
    amount: decimal('amount').notNull(),
    chargedAt: bigint('charged_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.loanId, t.day] })],
)
