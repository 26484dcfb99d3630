// The one error handler. Every failure leaves as the envelope { code, msg, data: null } with HTTP status == code and
// msg in the caller's language; anything unexpected is logged with the request id and answered as a masked 500.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ServerMessageKey } from '#contract/server-messages.ts'
import { AppError, type MessageValues } from '../app-error.ts'
import type { Translate } from './i18n.ts'
import { noteRefusal } from './request-log.ts'

export function languageOf(request: FastifyRequest): string | undefined {
  const header = request.headers.language
  return typeof header === 'string' ? header : undefined
}

export function sendEnvelope(
  reply: FastifyReply,
  translate: Translate,
  code: number,
  key: ServerMessageKey,
  values?: MessageValues,
  data: unknown = null,
) {
  const msg = translate(languageOf(reply.request), key, values)
  return reply.code(code).type('application/json; charset=utf-8').send({ code, msg, data })
}

/** Maps an error Fastify or a plugin raised (body parsing, rate limit ...) to a status and message. */
function classify(error: FastifyError): [number, ServerMessageKey, MessageValues?, unknown?] {
  if (error instanceof AppError) return [error.statusCode, error.messageKey, error.values, error.data]
  const status = error.statusCode ?? 500
  if (status === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return [413, 'tooLarge']
  if (status === 415 || error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return [415, 'unsupportedMedia']
  if (status === 429) return [429, 'rateLimited']
  if (status === 404) return [404, 'notFound']
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
    return [400, 'invalidBody']
  }
  // Other client errors (bad content-length, malformed headers ...) are the caller's input, not our failure.
  if (status >= 400 && status < 500) return [400, 'invalidInput', { field: 'request' }]
  return [500, 'internal']
}

export function registerErrorHandling(app: FastifyInstance, translate: Translate) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const [code, key, values, data] = classify(error)
    if (code >= 500) request.log.error({ err: error }, 'request failed')
    else noteRefusal(request, key)
    // 5xx never carries data (nothing internal leaves).
    return sendEnvelope(reply, translate, code, key, values, code >= 500 ? null : data)
  })
}
