import type { FastifyInstance } from 'fastify'
import { liabilitiesApi } from '#contract/liabilities.ts'
import { opsLiabilitiesApi } from '#contract/ops-liabilities.ts'
import { route } from '../../route.ts'
import { opsRoute } from '../ops/ops-route.ts'
import { liabilityRoots, myLiabilityProof, opsSnapshots } from './liabilities.service.ts'
import { registerLiabilityTestHooks } from './test-hooks.routes.ts'

export function registerLiabilityRoutes(app: FastifyInstance) {
  registerLiabilityTestHooks(app)
  route(app, liabilitiesApi.myProof, ({ user, query }) => myLiabilityProof(app.db, user.id, query.snapshot))
  opsRoute(app, opsLiabilitiesApi.snapshots, ({ query }) => opsSnapshots(app.db, query.page, query.size, app.conf.liabilityProofRetentionDays))
  route(app, liabilitiesApi.roots, ({ query }) => liabilityRoots(app.db, query.page, query.size))
}
