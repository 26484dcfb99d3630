// Shared by the loan tests: a signed-in user whose identity a compliance actor verified (the kyc module's own path),
// with some live USDT when asked, and a tiny PNG as a drawn signature.
import type { FastifyInstance } from 'fastify'
import { call, signIn } from '../../test/helpers.ts'
import type { AccountInfo } from '#contract/auth.ts'
import { kycReviews, reviewKyc, submitKyc } from '../kyc/kyc.service.ts'
import { plainPng } from '../uploads/test-files.ts'
import { saveUpload } from '../uploads/uploads.service.ts'
import { liveUser } from '../withdrawals/test-withdrawals.ts'

export async function verifyIdentity(app: FastifyInstance, userId: string) {
  const photo = async () => (await saveUpload(app, userId, 'kyc', await plainPng(16, 16))).id
  await submitKyc(app, userId, {
    firstName: 'Ada', lastName: 'Lovelace', sex: 'female', birthdate: '1990-01-01', country: 'GB', address: '1 Street', phone: '+441234567890',
    documentType: 'passport', frontImage: await photo(), backImage: await photo(), holdingImage: await photo(),
  })
  const pending = (await kycReviews(app.db, { state: 'pending', page: 1, size: 100 })).list.find((r) => r.userId === userId)!
  await reviewKyc(app, { id: null, name: 'compliance' }, pending.id, { state: 'verified' })
}

/** A signed-in user; verified unless `verified: false`; holding `live` USDT in the live book when given. */
export async function borrower(app: FastifyInstance, options: { verified?: boolean; live?: string } = {}) {
  const user = options.live ? await liveUser(app, options.live) : await plainUser(app)
  if (options.verified !== false) await verifyIdentity(app, user.id)
  return user
}

async function plainUser(app: FastifyInstance) {
  const { token } = await signIn(app)
  const info = (await call(app, 'GET', '/api/getMyAccountInfo', { token })).body.data as AccountInfo
  return { token, id: info.id }
}

/** A drawn signature as the app sends it: a PNG, base64 without the data: prefix. */
export const signaturePng = async () => (await plainPng(120, 40)).toString('base64')
