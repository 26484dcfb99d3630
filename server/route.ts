// route(app, endpoint, handler): registers one contract endpoint. It is the only place that knows the HTTP side of
// an endpoint: auth, input validation, idempotency of money-moving endpoints, and wrapping the answer in the envelope.
// An endpoint declared `money: true` gets Stripe-like idempotency here (server/idempotency/idempotent.ts): declaring
// it is all a trading, deposit or product endpoint has to do.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type * as z from 'zod/mini'
import { storable, UNSTORABLE_TEXT, type DataOf, type Endpoint } from '#contract/endpoint.ts'
import { AppError } from './app-error.ts'
import { languageOf } from './plugins/errors.ts'
import { requireUser, tokensIssuedAfter, type AuthUser } from './plugins/auth.ts'
import { fingerprintOf } from './idempotency/fingerprint.ts'
import { idempotent, isFinalRefusal } from './idempotency/idempotent.ts'
import { newTicket, type Ticket } from './idempotency/in-transaction.ts'

type Parsed<S> = S extends z.ZodMiniType ? z.output<S> : undefined

export type RouteContext<E extends Endpoint> = {
  query: Parsed<E['query']>
  body: Parsed<E['body']>
  user: E['auth'] extends true ? AuthUser : null
  /**
   * On money endpoints: the key to give the ledger (postJournal's idempotencyKey). Derived from the user, the endpoint
   * and the caller's Idempotency-Key, so it is the same on every retry of the request and never meets another user's
   * or another endpoint's key.
   */
  idempotencyKey: E['money'] extends true ? string : undefined
  /** On routes registered with claimInTransaction: the request's claim on its key, for the work's transaction. */
  ticket: Ticket | undefined
  request: FastifyRequest
  reply: FastifyReply
}

export type RouteOptions = {
  /** Requests per IP per rate-limit window; false turns limiting off (health checks). */
  rateLimitMax?: number | false
  /**
   * Checks the caller instead of a user's token, before the input is read (operator routes, modules/ops/ops-route.ts):
   * throws the 401 or 403. Such routes cannot be `money` (idempotency keys belong to users): an operator's action on a
   * user's money is made once by its own state change (a withdrawal approved once) and its journal's key.
   */
  caller?: (request: FastifyRequest) => Promise<unknown>
  /**
   * A money endpoint whose handler claims its key and stores its outcome in the transaction of its work
   * (server/idempotency/in-transaction.ts), with ctx.ticket, instead of in two transactions of their own.
   */
  claimInTransaction?: boolean
}

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{8,200}$/

/** The ledger's journal key of a money call (see RouteContext.idempotencyKey). */
export const ledgerKeyOf = (userId: string, endpoint: string, key: string) => `api:${userId}:${endpoint}:${key}`

function parse<S extends z.ZodMiniType>(schema: S, input: unknown, where: string): z.output<S> {
  const result = schema.safeParse(input)
  if (result.success) return result.data
  const issue = result.error.issues[0]
  // A path into a deeply nested body can be long: the message names its start.
  const field = issue && issue.path.length > 0 ? issue.path.slice(0, 10).map(String).join('.') : where
  if (issue?.message === UNSTORABLE_TEXT) throw new AppError(400, 'unstorableText', { field })
  throw new AppError(400, 'invalidInput', { field })
}

export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (ctx: RouteContext<E>) => Promise<DataOf<E>> | DataOf<E>,
  options: RouteOptions = {},
) {
  const max = options.rateLimitMax ?? app.conf.rateLimit.max
  const name = `${endpoint.method} ${endpoint.path}`
  // Keys are scoped to a user: a money endpoint without one is a bug in the contract, caught at start.
  if (endpoint.money && !endpoint.auth) throw new Error(`${name}: a money endpoint must require auth`)
  // Every input is read through the contract's StorableInput first, so no endpoint can hand PostgreSQL a NUL.
  const querySchema = endpoint.query && storable(endpoint.query)
  const bodySchema = endpoint.body && storable(endpoint.body)
  app.route({
    method: endpoint.method,
    url: `/api${endpoint.path}`,
    config: { rateLimit: max === false ? false : { max, timeWindow: app.conf.rateLimit.timeWindowMs } },
    handler: async (request, reply) => {
      if (options.caller) await options.caller(request)
      const user = endpoint.auth ? await requireUser(app.db, request, tokensIssuedAfter(app)) : null
      const query = querySchema ? parse(querySchema, request.query, 'query') : undefined
      const body = bodySchema ? parse(bodySchema, request.body, 'body') : undefined
      // The contract is the promise made to the app: an answer that breaks it is our bug, so it fails loudly.
      const answerOf = (data: unknown) => {
        const checked = endpoint.data.safeParse(data)
        if (!checked.success) {
          request.log.error({ issues: checked.error.issues, url: request.url }, 'answer does not match the contract')
          throw new Error('answer does not match the contract')
        }
        return checked.data ?? null
      }
      const run = async (idempotencyKey?: string) => {
        const ctx = { query, body, user, idempotencyKey, ticket: undefined, request, reply } as RouteContext<E>
        return answerOf(await handler(ctx))
      }
      let data: unknown
      if (endpoint.money) {
        const header = request.headers['idempotency-key']
        if (typeof header !== 'string' || !IDEMPOTENCY_KEY.test(header)) {
          throw new AppError(400, 'idempotencyKeyRequired')
        }
        const scope = { userId: user!.id, endpoint: name, key: header }
        const onReplay = () => void reply.header('idempotent-replayed', 'true')
        const call = { db: app.db, log: request.log, now: app.now, scope, fingerprint: fingerprintOf({ body, query }), onReplay }
        const ledgerKey = ledgerKeyOf(scope.userId, name, header)
        const ticket = options.claimInTransaction ? newTicket(scope, call.fingerprint, answerOf) : undefined
        if (ticket) {
          try {
            // What the handler returns was checked and stored in its transaction (the ticket's answer).
            await handler({ query, body, user, idempotencyKey: ledgerKey, ticket, request, reply } as RouteContext<E>)
            if (ticket.state.kind !== 'claimed') throw new Error(`${name}: the handler's work did not claim its idempotency key`)
            return { code: 200, msg: app.translate(languageOf(request), 'ok'), data: ticket.state.answer }
          } catch (error) {
            // Its outcome stored with its work, or a failure that gives the key back: answered as it is.
            if (ticket.state.kind === 'claimed' || (ticket.state.kind !== 'lost' && !isFinalRefusal(error))) throw error
          }
        }
        // The key another request's (replayed, 422 or 409), or refused before any transaction: the general path, in a
        // lane of its own for such routes (store.ts ClaimLane).
        data = await idempotent(ticket ? { ...call, lane: 'inTransaction' } : call, () => run(ledgerKey))
      } else {
        data = await run()
      }
      return { code: 200, msg: app.translate(languageOf(request), 'ok'), data }
    },
  })
}
