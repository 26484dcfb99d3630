// E-mail sign-in: password hashes, e-mailed one-time codes and password-reset tickets. The e-mail itself lives on
// users.email (auth.table.ts), so one user may have a wallet, an e-mail, or both.
import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from '../auth/auth.table.ts'

export const userPasswords = pgTable('user_passwords', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Self-describing scrypt string (password-hash.ts): parameters, salt and hash. */
  passwordHash: text('password_hash').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

export const emailCodes = pgTable(
  'email_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Lower-cased. Rows exist for unregistered e-mails too (reset), so answers and timing do not tell them apart. */
    email: text('email').notNull(),
    purpose: text('purpose', { enum: ['register', 'reset'] }).notNull(),
    /** `salt$sha256hex` of the code; the code itself is only in the e-mail. */
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    check('email_codes_purpose_check', sql`${t.purpose} IN ('register', 'reset')`),
    index('email_codes_email_purpose_idx').on(t.email, t.purpose, t.createdAt),
  ],
)

export const passwordResetTickets = pgTable('password_reset_tickets', {
  /** Hex sha256 of the ticket, like session tokens. */
  ticketHash: text('ticket_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
})
