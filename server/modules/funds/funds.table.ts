// Currencies on networks (configuration operators edit), deposits, the addresses the chain follower watches and its
// cursor (migration 0017_funds.sql), and the sending addresses users proved by signing (0033_sending_addresses.sql). The funds module owns these tables; withdrawals read funds_networks through
// funds.service.ts. Amounts are numeric (decimal strings in TypeScript).
import { sql } from 'drizzle-orm'
import { bigint, boolean, index, integer, jsonb, numeric, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { users } from '../auth/auth.table.ts'

const decimal = (name: string) => numeric(name, { precision: 38, scale: 18 })

export const fundsNetworks = pgTable(
  'funds_networks',
  {
    currency: text('currency').notNull(),
    network: text('network').notNull(),
    networkName: text('network_name').notNull(),
    kind: text('kind', { enum: ['evm', 'other'] }).notNull().default('evm'),
    tokenContract: text('token_contract'),
    tokenDecimals: smallint('token_decimals').notNull(),
    sort: integer('sort').notNull().default(0),
    depositEnabled: boolean('deposit_enabled').notNull().default(true),
    depositAddress: text('deposit_address'),
    depositMin: decimal('deposit_min').notNull().default('0'),
    confirmations: integer('confirmations').notNull().default(12),
    onChain: boolean('on_chain').notNull().default(true),
    withdrawEnabled: boolean('withdraw_enabled').notNull().default(true),
    withdrawFee: decimal('withdraw_fee').notNull().default('0'),
    withdrawFeeRate: decimal('withdraw_fee_rate').notNull().default('0'),
    withdrawMin: decimal('withdraw_min').notNull().default('0'),
    withdrawDailyMax: decimal('withdraw_daily_max'),
    withdrawKycAbove: decimal('withdraw_kyc_above'),
    withdrawSecondConfirmAbove: decimal('withdraw_second_confirm_above'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'funds_networks_pkey', columns: [t.currency, t.network] })],
)

export const depositMonitors = pgTable(
  'deposit_monitors',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    network: text('network').notNull(),
    address: text('address').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'deposit_monitors_pkey', columns: [t.network, t.address] })],
)

export const deposits = pgTable('deposits', {
  id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity({ startWith: 20000001 }),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id),
  currency: text('currency').notNull(),
  network: text('network').notNull(),
  source: text('source', { enum: ['chain', 'claim'] }).notNull(),
  txHash: text('tx_hash').notNull(),
  logIndex: integer('log_index'),
  fromAddress: text('from_address'),
  amount: decimal('amount').notNull(),
  blockNumber: bigint('block_number', { mode: 'number' }),
  confirmations: integer('confirmations').notNull().default(0),
  confirmationsNeeded: integer('confirmations_needed').notNull(),
  status: text('status', { enum: ['pending', 'review', 'credited', 'rejected'] }).notNull(),
  checkResult: jsonb('check_result'),
  last6: text('last6'),
  screenshot: text('screenshot'),
  rejectReason: text('reject_reason'),
  journalId: uuid('journal_id'),
  reviewedBy: uuid('reviewed_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  creditedAt: timestamp('credited_at', { withTimezone: true }),
})

export const chainCursors = pgTable('chain_cursors', {
  name: text('name').primaryKey(),
  nextBlock: bigint('next_block', { mode: 'number' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/** Addresses a user proved to hold by signing a challenge (sending-addresses.ts); removal stamps removed_at. */
export const sendingAddresses = pgTable(
  'sending_addresses',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** EIP-55. */
    address: text('address').notNull(),
    nonce: text('nonce').notNull(),
    message: text('message').notNull(),
    signature: text('signature').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sending_addresses_active_idx').on(t.userId, sql`lower(${t.address})`).where(sql`removed_at IS NULL`),
    uniqueIndex('sending_addresses_nonce_idx').on(t.nonce),
  ],
)

/** One-time messages to sign, each for one user and one address, until expires_at. */
export const sendingAddressChallenges = pgTable(
  'sending_address_challenges',
  {
    nonce: text('nonce').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    message: text('message').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('sending_address_challenges_expires_at_idx').on(t.expiresAt)],
)
