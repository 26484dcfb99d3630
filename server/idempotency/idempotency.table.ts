// Idempotency keys of money-moving calls (migration 0009_idempotency.sql). One row per (user, endpoint, key): the
// request's fingerprint, and either the attempt running it or the first outcome, which every repeat answers.
import { sql } from 'drizzle-orm'
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from '../modules/auth/auth.table.ts'

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `METHOD /path` of the contract endpoint, e.g. `POST /resetDemo`. */
    endpoint: text('endpoint').notNull(),
    /** The caller's Idempotency-Key header. */
    key: text('key').notNull(),
    /** Hex sha256 of the canonical JSON of the validated body and query (fingerprint.ts). */
    fingerprint: text('fingerprint').notNull(),
    state: text('state', { enum: ['running', 'done'] }).notNull().default('running'),
    /** Which attempt holds a running key; only that attempt may store the outcome or give the key back. */
    attempt: uuid('attempt').notNull(),
    /** When the running attempt began: a running key older than STALE_AFTER_MS was left by a crash. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
    /** The stored outcome: 200 with `data`, or a 4xx refusal with its message key and values. */
    statusCode: integer('status_code'),
    messageKey: text('message_key'),
    messageParams: jsonb('message_params'),
    data: jsonb('data'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'idempotency_keys_pkey', columns: [t.userId, t.endpoint, t.key] }),
    index('idempotency_keys_created_at_idx').on(t.createdAt),
    check('idempotency_keys_state_check', sql`${t.state} IN ('running', 'done')`),
  ],
)
