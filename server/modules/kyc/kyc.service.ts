// Identity verification: a user submits the form with three of their own pictures (pending review), an operator
// approves or rejects it with a reason (audited), and the user hears of it by a message and a kyc_update frame.
import { and, asc, count, desc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { kycProblems, type KycForm, type KycStatus } from '#contract/kyc.ts'
import type { KycReview } from '#contract/ops-kyc.ts'
import { AppError } from '../../app-error.ts'
import type { Db } from '../../db/client.ts'
import { pgError } from '../../ledger/db-errors.ts'
import { userLabels } from '../auth/users.repository.ts'
import { insertTemplateMessage } from '../messages/messages.service.ts'
import { audit, type Actor } from '../ops/audit.ts'
import { ownedUpload } from '../uploads/uploads.service.ts'
import { kycVerifications } from './kyc.table.ts'

type Row = typeof kycVerifications.$inferSelect

/** The form's fields as the user typed them, for the user's status and the operator's review alike. */
const formFields = (row: Row) => ({
  firstName: row.firstName,
  lastName: row.lastName,
  sex: row.sex,
  birthdate: row.birthdate,
  country: row.country,
  address: row.address,
  phone: row.phone,
  documentType: row.documentType,
})

const NOT_STARTED: KycStatus = { state: 'not_started', rejectReason: null, submittedAt: null, reviewedAt: null, submission: null }

const toStatus = (row: Row | undefined): KycStatus =>
  row
    ? {
        state: row.state,
        rejectReason: row.rejectReason,
        submittedAt: row.createdAt.getTime(),
        reviewedAt: row.reviewedAt ? row.reviewedAt.getTime() : null,
        submission: formFields(row),
      }
    : NOT_STARTED

async function newest(db: Pick<Db, 'select'>, userId: string): Promise<Row | undefined> {
  const [row] = await db.select().from(kycVerifications).where(eq(kycVerifications.userId, userId)).orderBy(desc(kycVerifications.seq)).limit(1)
  return row
}

export const kycStatus = async (db: Db, userId: string) => toStatus(await newest(db, userId))

/** Checks the form (the same checks as the app's), that the pictures are the caller's, and stores it pending. */
export async function submitKyc(app: FastifyInstance, userId: string, form: KycForm): Promise<KycStatus> {
  const problems = kycProblems(form, new Date(app.now()))
  if (problems.missing.length > 0) throw new AppError(400, 'kycIncomplete')
  if (problems.pictures.length > 0) throw new AppError(400, 'imageMissing')
  if (problems.invalid.length > 0) throw new AppError(400, 'invalidInput', { field: problems.invalid.join(', ') })
  const pictures = [form.frontImage!, form.backImage!, form.holdingImage!].map((id) => id.toLowerCase())
  if (new Set(pictures).size !== pictures.length) throw new AppError(400, 'kycSamePicture')
  // Another user's picture is answered as a missing one.
  for (const id of pictures) if (!(await ownedUpload(app.db, id, userId, 'kyc'))) throw new AppError(404, 'uploadNotFound')
  const [frontUploadId, backUploadId, holdingUploadId] = pictures as [string, string, string]
  const current = await newest(app.db, userId)
  if (current?.state === 'pending') throw new AppError(409, 'kycPending')
  if (current?.state === 'verified') throw new AppError(409, 'kycAlreadyVerified')
  try {
    const [row] = await app.db
      .insert(kycVerifications)
      .values({
        userId,
        state: 'pending',
        firstName: form.firstName!.trim(),
        lastName: form.lastName!.trim(),
        sex: form.sex!.trim() as Row['sex'],
        birthdate: form.birthdate!.trim(),
        country: form.country!.trim(),
        address: form.address!.trim(),
        phone: form.phone!.trim(),
        documentType: form.documentType!.trim() as Row['documentType'],
        frontUploadId,
        backUploadId,
        holdingUploadId,
        createdAt: new Date(app.now()),
      })
      .returning()
    return toStatus(row)
  } catch (error) {
    // Two submits at once: the one-open index lets one through.
    if (pgError(error)?.code === '23505') throw new AppError(409, 'kycPending')
    throw error
  }
}

const toReview = (row: Row, account: string | null): KycReview => ({
  id: row.id,
  userId: row.userId,
  account,
  state: row.state,
  ...formFields(row),
  frontImage: row.frontUploadId,
  backImage: row.backUploadId,
  holdingImage: row.holdingUploadId,
  rejectReason: row.rejectReason,
  reviewedBy: row.reviewedBy,
  reviewedAt: row.reviewedAt ? row.reviewedAt.getTime() : null,
  submittedAt: row.createdAt.getTime(),
})

export async function kycReviews(db: Db, query: { state: Row['state']; page: number; size: number }) {
  const where = eq(kycVerifications.state, query.state)
  const order = query.state === 'pending' ? asc(kycVerifications.seq) : desc(kycVerifications.reviewedAt)
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(kycVerifications)
      .where(where)
      .orderBy(order, desc(kycVerifications.seq))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db.select({ n: count() }).from(kycVerifications).where(where),
  ])
  const labels = await userLabels(db, rows.map((row) => row.userId))
  const list = rows.map((row) => toReview(row, labels.get(row.userId) ?? null))
  return { list, total: total?.n ?? 0, page: query.page, size: query.size }
}

export type Decision = { state: 'verified' } | { state: 'rejected'; reason: string }

/**
 * Decides a pending submission once (a second decision is 409), audited in the same transaction; then tells the user
 * with a message (in their language when they read it) and a kyc_update frame.
 */
export async function reviewKyc(app: FastifyInstance, operator: Actor, id: string, decision: Decision): Promise<KycReview> {
  const { review, message } = await app.db.transaction(async (tx) => {
    const [before] = await tx.select().from(kycVerifications).where(eq(kycVerifications.id, id.toLowerCase())).limit(1)
    if (!before) throw new AppError(404, 'kycNotFound')
    const [row] = await tx
      .update(kycVerifications)
      .set({
        state: decision.state,
        rejectReason: decision.state === 'rejected' ? decision.reason : null,
        reviewedBy: operator.name,
        reviewedAt: new Date(app.now()),
      })
      .where(and(eq(kycVerifications.id, before.id), eq(kycVerifications.state, 'pending')))
      .returning()
    if (!row) throw new AppError(409, 'kycReviewed')
    await audit(tx, operator, {
      action: decision.state === 'verified' ? 'kyc.approve' : 'kyc.reject',
      subject: `kyc:${row.id}`,
      before: { state: before.state, userId: before.userId },
      after: { state: row.state, userId: row.userId, reason: row.rejectReason },
    })
    const message = await insertTemplateMessage(tx, row.userId, decision.state === 'verified' ? 'kycVerified' : 'kycRejected')
    const labels = await userLabels(tx, [row.userId])
    return { review: toReview(row, labels.get(row.userId) ?? null), message }
  })
  const publish = (frame: Parameters<typeof app.hub.publishToUser>[1]) =>
    app.hub.publishToUser(review.userId, frame).catch((error: unknown) => app.log.warn({ err: error }, 'kyc: push failed'))
  await publish({ messageType: 'new_message', data: message })
  await publish({ messageType: 'kyc_update', data: { state: review.state } })
  return review
}
