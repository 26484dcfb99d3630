// Identity verifications (0018_kyc.sql): one row per submission of the form; a user's newest row is their state.
// At most one of a user's rows is pending or verified (kyc_verifications_one_open_idx).
import { sql } from 'drizzle-orm'
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { users } from '../auth/auth.table.ts'
import { uploads } from '../uploads/uploads.table.ts'

export const kycVerifications = pgTable(
  'kyc_verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: text('state', { enum: ['pending', 'verified', 'rejected'] }).notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    sex: text('sex', { enum: ['male', 'female'] }).notNull(),
    /** YYYY-MM-DD. */
    birthdate: text('birthdate').notNull(),
    /** ISO 3166-1 alpha-2. */
    country: text('country').notNull(),
    address: text('address').notNull(),
    phone: text('phone').notNull(),
    documentType: text('document_type', { enum: ['id_card', 'passport'] }).notNull(),
    frontUploadId: uuid('front_upload_id')
      .notNull()
      .references(() => uploads.id),
    backUploadId: uuid('back_upload_id')
      .notNull()
      .references(() => uploads.id),
    holdingUploadId: uuid('holding_upload_id')
      .notNull()
      .references(() => uploads.id),
    /** The operator's reason, shown to the user; set exactly when rejected. */
    rejectReason: text('reject_reason'),
    /** The reviewing operator's name (no foreign key: history outlives the operator). */
    reviewedBy: text('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
  },
  (t) => [
    check('kyc_verifications_state_check', sql`${t.state} IN ('pending', 'verified', 'rejected')`),
    check('kyc_verifications_sex_check', sql`${t.sex} IN ('male', 'female')`),
    check('kyc_verifications_document_type_check', sql`${t.documentType} IN ('id_card', 'passport')`),
    check('kyc_verifications_reason_check', sql`(${t.state} = 'rejected') = (${t.rejectReason} IS NOT NULL)`),
    index('kyc_verifications_user_id_seq_idx').on(t.userId, t.seq.desc()),
    index('kyc_verifications_pending_idx').on(t.seq).where(sql`${t.state} = 'pending'`),
    uniqueIndex('kyc_verifications_one_open_idx').on(t.userId).where(sql`${t.state} IN ('pending', 'verified')`),
  ],
)
