// The double-entry ledger (docs/architecture.md, docs/api.md). accounts.balance is maintained by a database trigger on every entry
// insert, and the rules that keep money honest live in the database too (migration *_ledger_rules.sql): journals
// balance per currency at commit, user balances never go below zero, entries and journals are append-only.
import { sql } from 'drizzle-orm'
import { bigserial, check, index, numeric, pgTable, smallint, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core'
import { users } from '../modules/auth/auth.table.ts'

/** 38 digits with 18 after the point: every amount fits without rounding (wei-precision for ETH). */
const amount = (name: string) => numeric(name, { precision: 38, scale: 18 })

export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** null for the system's own accounts (funding, clearing, fees ...), whose balances may be negative. */
    ownerId: uuid('owner_id').references(() => users.id),
    currency: text('currency').notNull(),
    book: text('book', { enum: ['demo', 'live'] }).notNull(),
    kind: text('kind').notNull(),
    balance: amount('balance').notNull().default('0'),
    /** Which of the house's rows of this currency, book and kind (server/ledger/shards.ts); 0 for a user's. */
    shard: smallint('shard').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // NULLS NOT DISTINCT (PostgreSQL 15+): one system account per currency, book, kind and shard as well.
    unique('accounts_owner_currency_book_kind_shard_key').on(t.ownerId, t.currency, t.book, t.kind, t.shard).nullsNotDistinct(),
    check('accounts_shard_check', sql`${t.shard} >= 0 AND (${t.ownerId} IS NULL OR ${t.shard} = 0)`),
    check('accounts_book_check', sql`${t.book} IN ('demo', 'live')`),
    check('accounts_owner_balance_check', sql`${t.ownerId} IS NULL OR ${t.balance} >= 0`),
  ],
)

export const journals = pgTable(
  'journals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    /** A message id (server.ledger.reason.*) the user sees translated in the transaction record. */
    reason: text('reason').notNull(),
    reference: text('reference'),
    /** A repeated key posts nothing: the first journal stands. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /** Checked by the trigger journals_user_exists, not a foreign key (0008_ledger_hardening.sql). */
    userId: uuid('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('journals_user_id_created_at_idx').on(t.userId, t.createdAt)],
)

export const entries = pgTable(
  'entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    // No foreign keys: the posting trigger refuses an unknown journal or account (0008_ledger_hardening.sql).
    journalId: uuid('journal_id').notNull(),
    accountId: uuid('account_id').notNull(),
    /** Signed: credits to the account are positive. */
    amount: amount('amount').notNull(),
    currency: text('currency').notNull(),
    /** The account's balance right after this entry; set by the posting trigger, never by code. */
    balanceAfter: amount('balance_after'),
  },
  (t) => [index('entries_journal_id_idx').on(t.journalId), index('entries_account_id_id_idx').on(t.accountId, t.id)],
)
