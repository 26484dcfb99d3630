// Users, their sign-in sessions, one-time sign-in codes and the one-time record of every accepted sign-in signature.
import { sql } from 'drizzle-orm'
import { bigint, check, index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core'

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** EIP-55 checksummed, so one address has exactly one spelling and the unique key holds. Null for a user who
     * registered by e-mail (modules/password) or came through Google or Facebook (modules/oidc: their way in is a
     * user_identities row, so neither this nor the e-mail is required). */
    address: text('address').unique(),
    /** Lower-cased (a check holds it), so one mailbox has one spelling and the unique key holds. */
    email: text('email').unique(),
    /** Which book the app acts on. */
    accountType: text('account_type', { enum: ['demo', 'live'] }).notNull().default('demo'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('users_account_type_check', sql`${t.accountType} IN ('demo', 'live')`),
    check('users_email_lower_check', sql`${t.email} = lower(${t.email})`),
  ],
)

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Hex sha256 of the bearer token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
)

export const usedSignatures = pgTable(
  'used_signatures',
  {
    /** Hex sha256 of the signature as sent (lower-cased). */
    signatureHash: text('signature_hash').primaryKey(),
    address: text('address').notNull(),
    /** The signed timestamp. Unique per address: one sign-in per signed message, so a re-encoded (malleated,
     * other v byte, re-wrapped smart-wallet) signature of the same message is refused as well. */
    signedAt: bigint('signed_at', { mode: 'number' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('used_signatures_address_signed_at_key').on(t.address, t.signedAt)],
)

export const loginCodes = pgTable(
  'login_codes',
  {
    /** Hex sha256 of the code; the code itself is only in the link. */
    codeHash: text('code_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('login_codes_expires_at_idx').on(t.expiresAt)],
)
