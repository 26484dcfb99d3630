// For end-to-end tests only, on the same switch as the messages' hooks (E2E_TEST_HOOKS=1, never in production):
// POST /api/test/verifiedIdentity gives the signed-in user a verified identity through the kyc module's own path
// (a submission with three stored pictures, approved by a 'compliance' actor), so a loan test starts from a verified
// user without driving the whole verification screen again (tests/e2e/kyc.spec.ts does that).
import type { FastifyInstance } from 'fastify'
import * as z from 'zod/mini'
import type { Endpoint } from '#contract/endpoint.ts'
import { route } from '../../route.ts'
import { kycReviews, reviewKyc, submitKyc } from '../kyc/kyc.service.ts'
import { testHooksEnabled } from '../messages/test-hooks.routes.ts'
import { saveUpload } from '../uploads/uploads.service.ts'

const testVerifiedIdentity = { method: 'POST', path: '/test/verifiedIdentity', data: z.null(), auth: true } as const satisfies Endpoint

export function registerLoanTestHooks(app: FastifyInstance, enabled = testHooksEnabled()) {
  if (!enabled) return
  app.log.warn('E2E test hooks are on: POST /api/test/verifiedIdentity')
  route(app, testVerifiedIdentity, async ({ user }) => {
    const { plainPng } = await import('../uploads/test-files.ts')
    const photo = async () => (await saveUpload(app, user.id, 'kyc', await plainPng(16, 16))).id
    await submitKyc(app, user.id, {
      firstName: 'Ada', lastName: 'Lovelace', sex: 'female', birthdate: '1990-01-01', country: 'GB', address: '1 Street', phone: '+441234567890',
      documentType: 'passport', frontImage: await photo(), backImage: await photo(), holdingImage: await photo(),
    })
    const pending = (await kycReviews(app.db, { state: 'pending', page: 1, size: 100 })).list.find((r) => r.userId === user.id)!
    await reviewKyc(app, { id: null, name: 'compliance' }, pending.id, { state: 'verified' })
    return null
  })
}
