// Google and Facebook sign-in (docs/api.md, "Sign-in with Google or Facebook"): which provider identity belongs to
// which user, and the sign-ins under way at a provider (migration 0029_oidc_identities.sql). The oidc module owns
// these tables.
import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from '../auth/auth.table.ts'

export const userIdentities = pgTable(
  'user_identities',
  {
    /** The ID token's `iss` and `sub`: together they name one person at one provider, for good (OpenID Connect
     * Core 1.0, 5.7). An e-mail is never a key: providers let people change it, and it proves nothing here. */
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    /** Which configured provider it came through ('google', 'facebook'), for the account screen and operators. */
    provider: text('provider').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.issuer, t.subject] }), index('user_identities_user_id_idx').on(t.userId)],
)

export const oidcFlows = pgTable(
  'oidc_flows',
  {
    /** Hex sha256 of the `state` sent to the provider; the state itself is only in the browser's cookie and URL. */
    stateHash: text('state_hash').primaryKey(),
    provider: text('provider').notNull(),
    nonce: text('nonce').notNull(),
    /** PKCE (RFC 7636): only its challenge went to the provider; the verifier goes with the code to redeem it. */
    codeVerifier: text('code_verifier').notNull(),
    /** Set when a signed-in user links this provider to their account (the proof: a fresh sign-in). */
    linkUserId: uuid('link_user_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('oidc_flows_expires_at_idx').on(t.expiresAt)],
)
