// Pictures in the support chat: an upload of purpose 'support' owned by the conversation's user. A user attaches
// their own (POST /api/imgUpload); an operator's is uploaded for the conversation (POST /api/ops/support/attachment,
// uploads.routes.ts) and stored as the user's with the operator in operator_id, so the user reads it at
// /api/upload/<id> and nobody else does. Each side may attach only its own kind: a user's picture never rides in a
// staff reply, where it would carry the verified-staff badge.
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { SupportAttachment, SupportAuthor } from '#contract/support.ts'
import { AppError } from '../../app-error.ts'
import type { Db } from '../../db/client.ts'
import type { OperatorActor } from '../ops/operators.ts'
import { ownedUpload, saveUpload, uploadSizes } from '../uploads/uploads.service.ts'
import { supportConversations } from './support.table.ts'

const toAttachment = (row: { id: string; width: number; height: number }): SupportAttachment => ({ id: row.id, width: row.width, height: row.height })

/** The picture `id` names for a message by `author` in `userId`'s conversation, or null without one; 400 when it is not one. */
export async function attachmentFor(db: Db, id: string | undefined, userId: string, author: SupportAuthor): Promise<SupportAttachment | null> {
  if (id === undefined) return null
  const row = await ownedUpload(db, id, userId, 'support')
  if (!row || (row.operatorId !== null) !== (author === 'staff')) throw new AppError(400, 'supportAttachmentNotFound')
  return toAttachment(row)
}

/** The attachments of stored messages, by upload id. */
export async function attachmentsByIds(db: Db, ids: Array<string | null>): Promise<Map<string, SupportAttachment>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))]
  return new Map((await uploadSizes(db, wanted)).map((r) => [r.id, toAttachment(r)]))
}

/** An operator's picture for conversation `id`, stored as its user's; a reply then carries it (and audits it). */
export async function saveOperatorAttachment(app: FastifyInstance, operator: OperatorActor, id: string, bytes: Buffer): Promise<SupportAttachment> {
  const [conversation] = await app.db.select({ userId: supportConversations.userId }).from(supportConversations).where(eq(supportConversations.id, Number(id)))
  if (!conversation) throw new AppError(404, 'supportNotFound')
  return toAttachment(await saveUpload(app, conversation.userId, 'support', bytes, operator.id))
}
