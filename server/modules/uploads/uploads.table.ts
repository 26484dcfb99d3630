// Pictures users sent (0018_kyc.sql), pictures operators put in content (0038_article_cover.sql) and pictures in the
// support chat (0049_support_attachments.sql): the file itself lives under UPLOAD_DIR (uploads.store.ts), re-encoded;
// the row says whose it is (a user's, or for 'content' an operator's), what it is for (an identity document, a
// deposit's proof, content, support) and what was stored (size, sha256).
import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from '../auth/auth.table.ts'
import { operators } from '../ops/ops.table.ts'

export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The user whose picture it is; null for content pictures (purpose 'content'), which are the operators'. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The operator who uploaded a content picture, or a support picture for the user's conversation. */
    operatorId: uuid('operator_id').references(() => operators.id, { onDelete: 'set null' }),
    purpose: text('purpose', { enum: ['kyc', 'deposit', 'content', 'support'] }).notNull(),
    /** What was stored, after re-encoding: JPEG (from JPEG or JPEG 2000) or PNG. */
    mime: text('mime', { enum: ['image/jpeg', 'image/png'] }).notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** Bytes of the stored file. */
    size: integer('size').notNull(),
    /** Hex sha256 of the stored file. */
    sha256: text('sha256').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('uploads_purpose_check', sql`${t.purpose} IN ('kyc', 'deposit', 'content', 'support')`),
    check('uploads_owner_check', sql`(${t.purpose} = 'content') = (${t.userId} IS NULL)`),
    check('uploads_mime_check', sql`${t.mime} IN ('image/jpeg', 'image/png')`),
    check('uploads_size_check', sql`${t.size} > 0 AND ${t.width} > 0 AND ${t.height} > 0`),
    check('uploads_sha256_check', sql`${t.sha256} ~ '^[0-9a-f]{64}$'`),
    index('uploads_user_id_idx').on(t.userId),
  ],
)
