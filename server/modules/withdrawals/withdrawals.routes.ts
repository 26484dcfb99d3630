import type { FastifyInstance } from 'fastify'
import { opsWithdrawalsApi } from '#contract/ops-withdrawals.ts'
import { withdrawalsApi } from '#contract/withdrawals.ts'
import { route } from '../../route.ts'
import { opsRoute } from '../ops/ops-route.ts'
import { registerWithdrawalTestHooks } from './test-hooks.routes.ts'
import { approveWithdrawal, opsWithdrawalPage, rejectWithdrawal } from './withdrawals.ops.ts'
import { myWithdrawal, myWithdrawals, submitWithdrawal, withdrawInfo } from './withdrawals.service.ts'

export function registerWithdrawalRoutes(app: FastifyInstance) {
  registerWithdrawalTestHooks(app)
  route(app, withdrawalsApi.submit, ({ user, body, idempotencyKey }) => submitWithdrawal(app, user, body, idempotencyKey))
  route(app, withdrawalsApi.info, ({ user }) => withdrawInfo(app, user))
  route(app, withdrawalsApi.list, ({ user, query }) => myWithdrawals(app.db, user.id, query.page, query.size))
  route(app, withdrawalsApi.one, ({ user, query }) => myWithdrawal(app.db, user.id, query.id))
  opsRoute(app, opsWithdrawalsApi.list, ({ query }) => opsWithdrawalPage(app.db, query))
  opsRoute(app, opsWithdrawalsApi.approve, ({ operator, body }) => approveWithdrawal(app, operator, body))
  opsRoute(app, opsWithdrawalsApi.reject, ({ operator, body }) => rejectWithdrawal(app, operator, body))
}
