import type { FastifyInstance } from 'fastify'
import { liabilitiesApi } from '#contract/liabilities.ts'
import { route } from '../../route.ts'
import { liabilityRoots, myLiabilityProof } from './liabilities.service.ts'
import { registerLiabilityTestHooks } from './test-hooks.routes.ts'

export function registerLiabilityRoutes(app: FastifyInstance) {
  registerLiabilityTestHooks(app)
  route(app, liabilitiesApi.myProof, ({ user }) => myLiabilityProof(app.db, user.id))
  route(app, liabilitiesApi.roots, ({ query }) => liabilityRoots(app.db, query.page, query.size))
}
