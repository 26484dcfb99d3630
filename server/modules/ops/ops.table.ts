// Operators of the console, their sessions (never users' sessions), and the append-only audit log of what they did
// (0016_operators.sql: the database refuses UPDATE, DELETE and TRUNCATE of audit_log).
import { sql } from 'drizzle-orm'
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

export const operators = pgTable(
  'operators',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Lower-case letters, digits, '.', '_' and '-', 2 to 40 characters. */
    name: text('name').notNull().unique(),
    /** modules/password/password-hash.ts's scrypt string. */
    passwordHash: text('password_hash').notNull(),
    /** Base32 TOTP secret (RFC 6238, SHA-1, 6 digits, 30 s). */
    totpSecret: text('totp_secret').notNull(),
    roles: text('roles').array().notNull(),
    /** The last TOTP time step accepted: a code is good for one sign-in only. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }).notNull().default(0),
    /** Failed sign-ins since the last success; at the limit the operator is locked for a while. */
    failedSignIns: integer('failed_sign_ins').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('operators_name_check', sql`${t.name} ~ '^[a-z0-9][a-z0-9._-]{1,39}$'`),
    check('operators_roles_check', sql`cardinality(${t.roles}) > 0 AND ${t.roles} <@ ARRAY['support', 'compliance', 'finance', 'admin']::text[]`),
  ],
)

export const operatorSessions = pgTable(
  'operator_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Hex sha256 of the bearer token. */
    tokenHash: text('token_hash').notNull().unique(),
    operatorId: uuid('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('operator_sessions_operator_id_idx').on(t.operatorId)],
)

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Null for the command line (server/cli.ts operator ...). No foreign key: history outlives the operator. */
    operatorId: uuid('operator_id'),
    operatorName: text('operator_name').notNull(),
    /** What was done, as module.verb: 'users.revokeSession', 'config.set', 'withdrawals.approve'. */
    action: text('action').notNull(),
    /** What it was done to, as kind:id: 'user:<uuid>', 'config:licence', 'withdrawal:42'. */
    subject: text('subject'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_created_at_idx').on(t.createdAt), index('audit_log_subject_idx').on(t.subject)],
)
