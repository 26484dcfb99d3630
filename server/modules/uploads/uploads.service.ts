// Uploads for every module: saveUpload stores a user's picture (re-encoded, reencode.ts) and answers its id;
// ownedUpload is how another module checks that an id a user sent is that user's picture for that purpose (kyc's
// form, a deposit's proof, a support message's picture) before it refers to it; uploadFile reads it back. saveContentImage stores an operator's
// picture for content (an article's cover or body), which modules/news serves to readers once published content uses it.
import { createHash, randomUUID } from 'node:crypto'
import { and, eq, inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { contentImagePath } from '#contract/content-image.ts'
import type { ContentImage } from '#contract/ops-news.ts'
import { UploadId, type Upload, type UploadPurpose } from '#contract/uploads.ts'
import type { Db } from '../../db/client.ts'
import { reencode } from './reencode.ts'
import { uploads } from './uploads.table.ts'

export type UploadRow = typeof uploads.$inferSelect

export const toUpload = (row: UploadRow & { purpose: UploadPurpose }): Upload => ({
  id: row.id,
  purpose: row.purpose,
  mime: row.mime,
  width: row.width,
  height: row.height,
  size: row.size,
  sha256: row.sha256,
  createTime: row.createdAt.getTime(),
})

/** A user's picture (uploaded by an operator for the user: a support reply's), or an operator's for content. */
type Owner = { purpose: UploadPurpose; userId: string; operatorId?: string } | { purpose: 'content'; operatorId: string }

/** Re-encodes and stores a picture; throws the AppError the sender sees when it is refused. */
async function store(app: FastifyInstance, owner: Owner, bytes: Buffer): Promise<UploadRow> {
  const picture = await reencode(bytes)
  const id = randomUUID()
  const sha256 = createHash('sha256').update(picture.bytes).digest('hex')
  await app.uploads.put(id, picture.bytes)
  try {
    const [row] = await app.db
      .insert(uploads)
      .values({ id, ...owner, mime: picture.mime, width: picture.width, height: picture.height, size: picture.bytes.length, sha256 })
      .returning()
    return row!
  } catch (error) {
    await app.uploads.remove(id)
    throw error
  }
}

/**
 * Re-encodes and stores a picture of `userId` (sent by an operator when `operatorId` is given); throws the AppError
 * the sender sees when it is refused.
 */
export async function saveUpload(app: FastifyInstance, userId: string, purpose: UploadPurpose, bytes: Buffer, operatorId?: string): Promise<Upload> {
  return toUpload({ ...(await store(app, operatorId ? { purpose, userId, operatorId } : { purpose, userId }, bytes)), purpose })
}

export const toContentImage = (row: Pick<UploadRow, 'id' | 'width' | 'height'>): ContentImage => ({
  id: row.id,
  src: contentImagePath(row.id),
  width: row.width,
  height: row.height,
})

/** Re-encodes and stores an operator's picture for content (not shown to anyone until published content uses it). */
export async function saveContentImage(app: FastifyInstance, operatorId: string, bytes: Buffer): Promise<ContentImage> {
  return toContentImage(await store(app, { purpose: 'content', operatorId }, bytes))
}

/** Content pictures by id (a user's picture is never among them). */
export async function contentImagesByIds(db: Db, ids: string[]): Promise<Map<string, UploadRow>> {
  if (ids.length === 0) return new Map()
  const rows = await db
    .select()
    .from(uploads)
    .where(and(inArray(uploads.id, ids), eq(uploads.purpose, 'content')))
  return new Map(rows.map((r) => [r.id, r]))
}

/** A content picture by id, or null (no such id, or a user's picture). */
export async function contentImageById(db: Db, id: string): Promise<UploadRow | null> {
  const row = await uploadById(db, id)
  return row?.purpose === 'content' ? row : null
}

/** The upload `id` if it belongs to `userId` (and serves `purpose`, when given); null otherwise, as for no such id. */
export async function ownedUpload(db: Db, id: string, userId: string, purpose?: UploadPurpose): Promise<UploadRow | null> {
  if (!UploadId.safeParse(id).success) return null
  const [row] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, id.toLowerCase()), eq(uploads.userId, userId)))
    .limit(1)
  if (!row || (purpose && row.purpose !== purpose)) return null
  return row
}

/** Any user's upload, for the console (whose route checks the operator's role for the purpose). */
export async function uploadById(db: Db, id: string): Promise<UploadRow | null> {
  if (!UploadId.safeParse(id).success) return null
  const [row] = await db.select().from(uploads).where(eq(uploads.id, id.toLowerCase())).limit(1)
  return row ?? null
}

/** The stored size of each upload in `ids` (the support chat's pictures, for its messages). */
export async function uploadSizes(db: Db, ids: string[]): Promise<Array<{ id: string; width: number; height: number }>> {
  if (ids.length === 0) return []
  return db.select({ id: uploads.id, width: uploads.width, height: uploads.height }).from(uploads).where(inArray(uploads.id, ids))
}
