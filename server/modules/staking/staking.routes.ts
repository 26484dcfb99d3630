import type { FastifyInstance } from 'fastify'
import { opsStakingApi } from '#contract/ops-staking.ts'
import { stakingApi } from '#contract/staking.ts'
import { route } from '../../route.ts'
import { opsRoute } from '../ops/ops-route.ts'
import { createActivity, opsActivities, setActivityStatus } from './staking.ops.ts'
import { addAgreeMoney, applyZyActive, myPledgeActive, receiveZyActive, withdrawZyActive } from './staking.service.ts'

export function registerStakingRoutes(app: FastifyInstance) {
  route(app, stakingApi.mine, ({ user }) => myPledgeActive(app, user))
  route(app, stakingApi.add, ({ user, body, idempotencyKey }) => addAgreeMoney(app, user, body, idempotencyKey))
  route(app, stakingApi.apply, ({ user, body }) => applyZyActive(app, user, body.id))
  route(app, stakingApi.receive, ({ user, body }) => receiveZyActive(app, user, body.id))
  route(app, stakingApi.withdraw, ({ user, body, idempotencyKey }) => withdrawZyActive(app, user, body.id, idempotencyKey))
  opsRoute(app, opsStakingApi.list, () => opsActivities(app))
  opsRoute(app, opsStakingApi.create, ({ operator, body }) => createActivity(app, operator, body))
  opsRoute(app, opsStakingApi.status, ({ operator, body }) => setActivityStatus(app, operator, body))
}
