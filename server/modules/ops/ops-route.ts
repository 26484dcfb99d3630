// opsRoute(app, endpoint, handler): registers a console endpoint (src/contract/ops*.ts) under /api/ops/... Before the
// input is read, the caller must hold a live operator token (else 401) with one of the endpoint's roles ('admin'
// holds them all; else 403). The handler gets the operator, to pass to audit() in its transaction.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { DataOf } from '#contract/endpoint.ts'
import { mayCall, type OperatorRole, type OpsEndpoint } from '#contract/ops.ts'
import { AppError } from '../../app-error.ts'
import { tokenFromRequest } from '../../plugins/auth.ts'
import { route, type RouteContext, type RouteOptions } from '../../route.ts'
import { operatorForToken, type OperatorActor } from './operators.ts'

export type OpsContext<E extends OpsEndpoint> = Omit<RouteContext<E>, 'user' | 'idempotencyKey'> & { operator: OperatorActor }

/** The request's operator, if signed in (401) with one of `roles` (403). */
export async function requireOperator(app: FastifyInstance, request: FastifyRequest, roles: readonly OperatorRole[]): Promise<OperatorActor> {
  const token = tokenFromRequest(request)
  const operator = token ? await operatorForToken(app.db, token, app.now()) : null
  if (!operator) throw new AppError(401, 'unauthorized')
  if (!mayCall(operator.roles, roles)) throw new AppError(403, 'opsForbidden')
  return operator
}

export function opsRoute<E extends OpsEndpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (ctx: OpsContext<E>) => Promise<DataOf<E>> | DataOf<E>,
  options: Omit<RouteOptions, 'caller'> = {},
) {
  if (!endpoint.path.startsWith('/ops/')) throw new Error(`${endpoint.path}: console endpoints live under /ops/`)
  if (endpoint.roles.length === 0) throw new Error(`${endpoint.path}: name the roles that may call it`)
  const operators = new WeakMap<FastifyRequest, OperatorActor>()
  const caller = async (request: FastifyRequest) => void operators.set(request, await requireOperator(app, request, endpoint.roles))
  route(app, endpoint, (ctx) => handler({ ...ctx, operator: operators.get(ctx.request)! }), { ...options, caller })
}
