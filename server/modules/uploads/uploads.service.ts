// Uploads for every module: saveUpload stores a user's picture (re-encoded, reencode.ts) and answers its id;
// ownedUpload is how another module checks that an id a user sent is that user's picture for that purpose (kyc's
// form, a deposit's proof) before it refers to it; uploadFile reads it back.
import { createHash, randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { UploadId, type Upload, type UploadPurpose } from '#contract/uploads.ts'
import type { Db } from '../../db/client.ts'
import { reencode } from './reencode.ts'
import { uploads } from './uploads.table.ts'

export type UploadRow = typeof uploads.$inferSelect

export const toUpload = (row: UploadRow): Upload => ({
  id: row.id,
  purpose: row.purpose,
  mime: row.mime,
  width: row.width,
  height: row.height,
  size: row.size,
  sha256: row.sha256,
  createTime: row.createdAt.getTime(),
})

/** Re-encodes and stores a picture of `userId`; throws the AppError the user sees when it is refused. */
export async function saveUpload(app: FastifyInstance, userId: string, purpose: UploadPurpose, bytes: Buffer): Promise<Upload> {
  const picture = await reencode(bytes)
  const id = randomUUID()
  const sha256 = createHash('sha256').update(picture.bytes).digest('hex')
  await app.uploads.put(id, picture.bytes)
  try {
    const [row] = await app.db
      .insert(uploads)
      .values({ id, userId, purpose, mime: picture.mime, width: picture.width, height: picture.height, size: picture.bytes.length, sha256 })
      .returning()
    return toUpload(row!)
  } catch (error) {
    await app.uploads.remove(id)
    throw error
  }
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
