// One log line per request, written when the answer has gone: method, path, status, time, and why it was refused.
// Fastify's own request logging writes two ("incoming request" and "request completed"); this controller replaces
// both with one, which halves the log volume of the hot read path. The query string is left out: some carry
// one-time codes. Failures (5xx) keep their own error line with the stack, from the error handler.
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify'

const refusals = new WeakMap<FastifyRequest, string>()

/** The error handler's reason for a 4xx, to go on the request's line instead of a line of its own. */
export const noteRefusal = (request: FastifyRequest, key: string) => void refusals.set(request, key)

export const pathOf = (url: string) => {
  const end = url.indexOf('?')
  return end === -1 ? url : url.slice(0, end)
}

/** The request's one line. Also called for answers sent before routing, which Fastify does not log itself. */
export function logRequest(request: FastifyRequest, reply: FastifyReply, error?: Error | null) {
  const line = {
    method: request.method,
    url: pathOf(request.url),
    status: reply.statusCode,
    ms: Math.round(reply.elapsedTime * 10) / 10,
    ip: request.ip,
    refused: refusals.get(request),
  }
  if (error) request.log.error({ ...line, err: error }, 'request errored')
  else request.log.info(line, 'request')
}

export class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    logRequest(request, reply, error)
  }
}
