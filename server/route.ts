// route(app, endpoint, handler): registers one contract endpoint. It is the only place that knows the HTTP side of
// an endpoint: auth, input validation, the Idempotency-Key rule, and wrapping the answer in the envelope.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type * as z from 'zod/mini'
import type { DataOf, Endpoint } from '#contract/endpoint.ts'
import { AppError } from './app-error.ts'
import { languageOf } from './plugins/errors.ts'
import { requireUser, tokensIssuedAfter, type AuthUser } from './plugins/auth.ts'

type Parsed<S> = S extends z.ZodMiniType ? z.output<S> : undefined

export type RouteContext<E extends Endpoint> = {
  query: Parsed<E['query']>
  body: Parsed<E['body']>
  user: E['auth'] extends true ? AuthUser : null
  /** Present on money endpoints; the ledger stores it so a repeated key moves nothing twice. */
  idempotencyKey: E['money'] extends true ? string : undefined
  request: FastifyRequest
  reply: FastifyReply
}

export type RouteOptions = {
  /** Requests per IP per rate-limit window; false turns limiting off (health checks). */
  rateLimitMax?: number | false
}

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{8,200}$/

function parse<S extends z.ZodMiniType>(schema: S, input: unknown, where: string): z.output<S> {
  const result = schema.safeParse(input)
  if (result.success) return result.data
  const issue = result.error.issues[0]
  const field = issue && issue.path.length > 0 ? issue.path.map(String).join('.') : where
  throw new AppError(400, 'invalidInput', { field })
}

export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (ctx: RouteContext<E>) => Promise<DataOf<E>> | DataOf<E>,
  options: RouteOptions = {},
) {
  const max = options.rateLimitMax ?? app.conf.rateLimit.max
  app.route({
    method: endpoint.method,
    url: `/api${endpoint.path}`,
    config: { rateLimit: max === false ? false : { max, timeWindow: app.conf.rateLimit.timeWindowMs } },
    handler: async (request, reply) => {
      const user = endpoint.auth ? await requireUser(app.db, request, tokensIssuedAfter(app)) : null
      const query = endpoint.query ? parse(endpoint.query, request.query, 'query') : undefined
      const body = endpoint.body ? parse(endpoint.body, request.body, 'body') : undefined
      let idempotencyKey: string | undefined
      if (endpoint.money) {
        const header = request.headers['idempotency-key']
        if (typeof header !== 'string' || !IDEMPOTENCY_KEY.test(header)) {
          throw new AppError(400, 'idempotencyKeyRequired')
        }
        idempotencyKey = header
      }
      const ctx = { query, body, user, idempotencyKey, request, reply } as RouteContext<E>
      const data = await handler(ctx)
      // The contract is the promise made to the app: an answer that breaks it is our bug, so it fails loudly.
      const checked = endpoint.data.safeParse(data)
      if (!checked.success) {
        request.log.error({ issues: checked.error.issues, url: request.url }, 'answer does not match the contract')
        throw new Error('answer does not match the contract')
      }
      return { code: 200, msg: app.translate(languageOf(request), 'ok'), data: checked.data ?? null }
    },
  })
}
