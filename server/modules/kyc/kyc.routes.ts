// The user's verification (create, query) and the console's reviews; the console's pictures are served by
// modules/uploads (GET /api/ops/upload/<id>).
import type { FastifyInstance } from 'fastify'
import { kycApi } from '#contract/kyc.ts'
import { opsKycApi } from '#contract/ops-kyc.ts'
import { opsRoute } from '../ops/ops-route.ts'
import { route } from '../../route.ts'
import { kycReviews, kycStatus, reviewKyc, submitKyc } from './kyc.service.ts'

export function registerKycRoutes(app: FastifyInstance) {
  route(app, kycApi.create, ({ user, body }) => submitKyc(app, user.id, body))
  route(app, kycApi.query, ({ user }) => kycStatus(app.db, user.id))
  opsRoute(app, opsKycApi.reviews, ({ query }) => kycReviews(app.db, query))
  opsRoute(app, opsKycApi.approve, ({ operator, body }) => reviewKyc(app, operator, body.id, { state: 'verified' }))
  opsRoute(app, opsKycApi.reject, ({ operator, body }) => reviewKyc(app, operator, body.id, { state: 'rejected', reason: body.reason }))
}
