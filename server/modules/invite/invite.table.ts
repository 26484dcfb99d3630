// Invite codes (one per user, created on first ask) and who invited whom (at most one inviter per user).
import { sql } from 'drizzle-orm'
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from '../auth/auth.table.ts'

export const inviteCodes = pgTable('invite_codes', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** INVITE_CODE_LENGTH characters of INVITE_ALPHABET, upper case. */
  code: text('code').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

export const invitations = pgTable(
  'invitations',
  {
    /** The primary key makes "an inviter is set once" a database rule. */
    inviteeId: uuid('invitee_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    inviterId: uuid('inviter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('invitations_inviter_id_idx').on(t.inviterId),
    check('invitations_not_self_check', sql`${t.inviteeId} <> ${t.inviterId}`),
  ],
)
