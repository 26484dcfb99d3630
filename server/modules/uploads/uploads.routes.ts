// POST /api/imgUpload (multipart), GET /api/upload/<id> (the owner), GET /api/ops/upload/<id> (operators), POST
// /api/ops/contentImage (an operator's picture for content, multipart) and POST /api/ops/support/attachment (an
// operator's picture for a support conversation, multipart). None fits route(): three read a stream of parts,
// the others answer the picture itself. Readers get content pictures from modules/news (GET /api/contentImage/<id>). The sign-in is checked before a byte of the body is read. Multipart parsing is
// registered in this module's own scope, so no other route accepts multipart bodies.
import multipart from '@fastify/multipart'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { CONTENT_IMAGE_UPLOAD_PATH } from '#contract/content-image.ts'
import { ANY_OPERATOR, mayCall } from '#contract/ops.ts'
import { opsUploadRoles } from '#contract/ops-kyc.ts'
import { NEWS_WRITERS } from '#contract/ops-news.ts'
import { opsSupportApi } from '#contract/ops-support.ts'
import { Int8Id } from '#contract/endpoint.ts'
import { UPLOAD_MAX_BYTES, UploadPurpose, uploadsApi } from '#contract/uploads.ts'
import { AppError } from '../../app-error.ts'
import { requireUser, tokensIssuedAfter } from '../../plugins/auth.ts'
import { languageOf } from '../../plugins/errors.ts'
import { requireOperator } from '../ops/ops-route.ts'
import { saveOperatorAttachment } from '../support/support.attachments.ts'
import { readingLine } from './reencode.ts'
import { createUploadStore, type UploadStore } from './uploads.store.ts'
import { ownedUpload, saveContentImage, saveUpload, uploadById, type UploadRow } from './uploads.service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploaded pictures are kept (modules/uploads/uploads.store.ts). */
    uploads: UploadStore
  }
}

const MB = 1024 * 1024

/** The named text fields (`allowed`) and the `file` part; anything else in the form is refused. */
async function readForm(request: FastifyRequest, allowed: readonly string[]): Promise<{ fields: Record<string, string>; file: Buffer | undefined }> {
  const fields: Record<string, string> = {}
  let file: Buffer | undefined
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file) throw new AppError(400, 'invalidInput', { field: part.fieldname })
        file = await part.toBuffer()
      } else if (allowed.includes(part.fieldname) && typeof part.value === 'string') {
        fields[part.fieldname] = part.value
      } else {
        throw new AppError(400, 'invalidInput', { field: part.fieldname })
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error
    const code = (error as { code?: string }).code
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'imageTooLarge', { max: UPLOAD_MAX_BYTES / MB })
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new AppError(415, 'unsupportedMedia')
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw new AppError(400, 'invalidInput', { field: 'form' })
    // Anything else here is the parser refusing the body (a missing boundary, a bad part header, a truncated form).
    throw new AppError(400, 'uploadMalformed')
  }
  return { fields, file }
}

/** The stored picture as a response that no browser will run or sniff as anything else. */
export function sendPicture(reply: FastifyReply, row: UploadRow, bytes: Buffer) {
  return reply
    .type(row.mime)
    .header('content-disposition', `inline; filename="${row.id}.${row.mime === 'image/png' ? 'png' : 'jpg'}"`)
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', reply.getHeader('cache-control') ?? 'private, max-age=3600')
    .send(bytes)
}

export async function registerUploadRoutes(app: FastifyInstance) {
  app.decorate('uploads', createUploadStore(app.conf.uploadDir, app.conf.staticDir))
  const rateLimit = { max: app.conf.rateLimit.max, timeWindow: app.conf.rateLimit.timeWindowMs }
  await app.register(async (scope) => {
    await scope.register(multipart, {
      // One file of at most 10 MB and one field (the purpose, or a conversation's id); anything more is refused while it streams in.
      limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 2, parts: 3, fieldSize: 100, headerPairs: 50 },
    })
    scope.route({
      method: uploadsApi.imgUpload.method,
      url: `/api${uploadsApi.imgUpload.path}`,
      // A multipart body is not held by Fastify's bodyLimit (busboy streams it); this is the whole request's bound.
      bodyLimit: UPLOAD_MAX_BYTES + MB,
      config: { rateLimit },
      handler: async (request) => {
        const user = await requireUser(app.db, request, tokensIssuedAfter(app))
        // The body stays in the socket until a slot is free, and the slot is held until the picture is stored, so
        // at most READ_SLOTS bodies are in memory at once (reencode.ts, memory).
        const data = await readingLine(async () => {
          const form = await readForm(request, ['purpose'])
          const purpose = UploadPurpose.safeParse(form.fields.purpose ?? 'kyc')
          if (!purpose.success) throw new AppError(400, 'invalidInput', { field: 'purpose' })
          if (!form.file || form.file.length === 0) throw new AppError(400, 'imageMissing')
          return saveUpload(app, user.id, purpose.data, form.file)
        })
        return { code: 200, msg: app.translate(languageOf(request), 'ok'), data }
      },
    })
    // An operator's picture for an article (its cover, or a picture in its body): the same checks and re-encoding as
    // a user's; only the `file` part is accepted.
    scope.route({
      method: 'POST',
      url: CONTENT_IMAGE_UPLOAD_PATH,
      bodyLimit: UPLOAD_MAX_BYTES + MB,
      config: { rateLimit },
      handler: async (request) => {
        const operator = await requireOperator(app, request, NEWS_WRITERS)
        const data = await readingLine(async () => {
          const form = await readForm(request, [])
          if (!form.file || form.file.length === 0) throw new AppError(400, 'imageMissing')
          return saveContentImage(app, operator.id, form.file)
        })
        return { code: 200, msg: app.translate(languageOf(request), 'ok'), data }
      },
    })
    // An operator's picture for a support conversation: the conversation's `id` field, then the file; stored as the
    // conversation's user's picture (modules/support), which a reply then carries.
    scope.route({
      method: opsSupportApi.attachment.method,
      url: `/api${opsSupportApi.attachment.path}`,
      bodyLimit: UPLOAD_MAX_BYTES + MB,
      config: { rateLimit },
      handler: async (request) => {
        const operator = await requireOperator(app, request, opsSupportApi.attachment.roles)
        const data = await readingLine(async () => {
          const form = await readForm(request, ['id'])
          const id = Int8Id.safeParse(form.fields.id)
          if (!id.success) throw new AppError(400, 'invalidInput', { field: 'id' })
          if (!form.file || form.file.length === 0) throw new AppError(400, 'imageMissing')
          return saveOperatorAttachment(app, operator, id.data, form.file)
        })
        return { code: 200, msg: app.translate(languageOf(request), 'ok'), data }
      },
    })
  })
  app.route({
    method: 'GET',
    url: '/api/upload/:id',
    config: { rateLimit },
    handler: async (request, reply) => {
      const user = await requireUser(app.db, request, tokensIssuedAfter(app))
      const { id } = request.params as { id: string }
      // Another user's picture is answered exactly like a missing one.
      const row = await ownedUpload(app.db, id, user.id)
      const bytes = row ? await app.uploads.get(row.id) : null
      if (!row || !bytes) throw new AppError(404, 'uploadNotFound')
      return sendPicture(reply, row, bytes)
    },
  })
  // The console: any signed-in operator gets past the door (else 401); the picture's purpose decides the roles (403).
  app.route({
    method: 'GET',
    url: '/api/ops/upload/:id',
    config: { rateLimit },
    handler: async (request, reply) => {
      const operator = await requireOperator(app, request, ANY_OPERATOR)
      const { id } = request.params as { id: string }
      const row = await uploadById(app.db, id)
      if (!row) throw new AppError(404, 'uploadNotFound')
      const roles = row.purpose === 'content' ? NEWS_WRITERS : opsUploadRoles[row.purpose]
      if (!mayCall(operator.roles, roles)) throw new AppError(403, 'opsForbidden')
      const bytes = await app.uploads.get(row.id)
      if (!bytes) throw new AppError(404, 'uploadNotFound')
      return sendPicture(reply.header('cache-control', 'private, no-store'), row, bytes)
    },
  })
}
