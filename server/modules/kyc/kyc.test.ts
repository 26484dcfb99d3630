import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { KycStatus } from '#contract/kyc.ts'
import type { KycReview } from '#contract/ops-kyc.ts'
import type { Upload } from '#contract/uploads.ts'
import type { MessagePage } from '#contract/messages.ts'
import { buildTestApp, call, signIn } from '../../test/helpers.ts'
import { signInOperator } from '../ops/test-operators.ts'
import { multipartBody, noisyJpeg } from '../uploads/test-files.ts'
import { isVerified } from './kyc.status.ts'

let app: FastifyInstance
let uploadDir: string
// One instant for every test: birthdays are counted from it.
const NOW = Date.UTC(2026, 10, 24, 9, 0, 0)
beforeAll(async () => {
  uploadDir = mkdtempSync(join(tmpdir(), 'keelson-kyc-'))
  app = await buildTestApp({ uploadDir, now: () => NOW })
})
afterAll(async () => {
  await app?.close()
  rmSync(uploadDir, { recursive: true, force: true })
})

async function newUser() {
  const { token } = await signIn(app)
  const info = await call(app, 'GET', '/api/getMyAccountInfo', { token })
  return { token, id: (info.body.data as { id: string }).id }
}

async function picture(token: string, purpose = 'kyc'): Promise<string> {
  const { payload, headers } = multipartBody({ purpose }, { name: 'photo.jpg', type: 'image/jpeg', bytes: await noisyJpeg(64, 48) })
  const res = await app.inject({ method: 'POST', url: '/api/imgUpload', payload, headers: { ...headers, authorization: `Bearer ${token}` } })
  expect(res.statusCode).toBe(200)
  return (res.json() as { data: Upload }).data.id
}

const FIELDS = {
  firstName: 'Ana María',
  lastName: "O'Neil-Souza",
  sex: 'female',
  birthdate: '1990-02-28',
  country: 'PT',
  address: 'Rua das Flores 12, 1200-195 Lisboa',
  phone: '+351 912 345 678',
  documentType: 'id_card',
}

async function form(token: string) {
  return { ...FIELDS, frontImage: await picture(token), backImage: await picture(token), holdingImage: await picture(token) }
}

const create = (token: string | undefined, body: unknown, language?: string) =>
  call(app, 'POST', '/api/customer/verification/create', { token, body, headers: language ? { language } : {} })
const query = async (token: string) => {
  const res = await call(app, 'GET', '/api/customer/verification/query', { token })
  expect(res.status).toBe(200)
  return res.body.data as KycStatus
}

describe('POST /api/customer/verification/create and GET .../query', () => {
  it('starts not started, and a complete form goes pending with the fields kept', async () => {
    const user = await newUser()
    expect(await query(user.token)).toEqual({ state: 'not_started', rejectReason: null, submittedAt: null, reviewedAt: null, submission: null })
    expect(await isVerified(app.db, user.id)).toBe(false)
    const res = await create(user.token, await form(user.token))
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ state: 'pending', submittedAt: NOW, submission: FIELDS })
    expect(await query(user.token)).toMatchObject({ state: 'pending', rejectReason: null })
    expect(await isVerified(app.db, user.id)).toBe(false)
  })

  it('answers an incomplete form with the spec’s messages, and stores nothing', async () => {
    const user = await newUser()
    const full = await form(user.token)
    const missingName = await create(user.token, { ...full, lastName: '  ' })
    expect(missingName).toMatchObject({ status: 400, body: { msg: 'data input not complete' } })
    const missingPicture = await create(user.token, { ...full, backImage: undefined })
    expect(missingPicture).toMatchObject({ status: 400, body: { msg: 'upload the required picture' } })
    expect((await query(user.token)).state).toBe('not_started')
  })

  it.each([
    ['a birthdate under 18', { birthdate: '2010-01-01' }, 'birthdate'],
    ['a date that does not exist', { birthdate: '1990-02-30' }, 'birthdate'],
    ['an unknown country', { country: 'XX' }, 'country'],
    ['a phone with letters', { phone: 'call me' }, 'phone'],
    ['an unknown document', { documentType: 'driving_licence' }, 'documentType'],
    ['a sex outside the form', { sex: 'other' }, 'sex'],
  ])('refuses %s naming the field', async (_, change, field) => {
    const user = await newUser()
    const res = await create(user.token, { ...(await form(user.token)), ...change })
    expect(res).toMatchObject({ status: 400, body: { msg: `Invalid input: ${field}` } })
    expect((await query(user.token)).state).toBe('not_started')
  })

  it('answers in the caller’s language', async () => {
    const user = await newUser()
    const res = await create(user.token, { ...FIELDS, firstName: '' }, 'de_DE')
    expect(res.status).toBe(400)
    expect(res.body.msg).toBe(app.translate('de_DE', 'kycIncomplete'))
    // A real translation, not the English text.
    expect(res.body.msg).not.toBe('data input not complete')
  })

  it('refuses the same picture twice, and a picture meant for something else', async () => {
    const user = await newUser()
    const full = await form(user.token)
    expect(await create(user.token, { ...full, backImage: full.frontImage })).toMatchObject({ status: 400 })
    const deposit = await picture(user.token, 'deposit')
    expect(await create(user.token, { ...full, holdingImage: deposit })).toMatchObject({ status: 404, body: { msg: 'Picture not found' } })
  })

  it('answers 404 for another user’s picture, storing nothing', async () => {
    const thief = await newUser()
    const victim = await newUser()
    const res = await create(thief.token, { ...(await form(thief.token)), frontImage: await picture(victim.token) })
    expect(res).toMatchObject({ status: 404, body: { msg: 'Picture not found' } })
    expect((await query(thief.token)).state).toBe('not_started')
  })

  it('refuses a second submission while one is pending (409)', async () => {
    const user = await newUser()
    expect((await create(user.token, await form(user.token))).status).toBe(200)
    const again = await create(user.token, await form(user.token))
    expect(again).toMatchObject({ status: 409, body: { msg: 'Your verification is already waiting for review' } })
  })

  it('answers 401 without a sign-in', async () => {
    expect((await create(undefined, FIELDS)).status).toBe(401)
    expect((await call(app, 'GET', '/api/customer/verification/query')).status).toBe(401)
  })
})

describe('console: identity reviews', () => {
  async function pendingUser() {
    const user = await newUser()
    expect((await create(user.token, await form(user.token))).status).toBe(200)
    return user
  }
  const reviews = async (token: string, state = 'pending') =>
    (await call(app, 'GET', `/api/ops/kyc/reviews?state=${state}&size=100`, { token })).body.data as { list: KycReview[]; total: number }
  const reviewOf = async (token: string, userId: string) => (await reviews(token)).list.find((r) => r.userId === userId)!

  it('lists pending submissions oldest first with their photos, which the reviewer can open', async () => {
    const compliance = await signInOperator(app, ['compliance'])
    const first = await pendingUser()
    const second = await pendingUser()
    const list = (await reviews(compliance.token)).list
    const order = list.map((r) => r.userId).filter((id) => id === first.id || id === second.id)
    expect(order).toEqual([first.id, second.id])
    const review = list.find((r) => r.userId === first.id)!
    expect(review).toMatchObject({ state: 'pending', ...FIELDS })
    const photo = await app.inject({ method: 'GET', url: `/api/ops/upload/${review.holdingImage}`, headers: { authorization: `Bearer ${compliance.token}` } })
    expect(photo.statusCode).toBe(200)
    expect(photo.headers['content-type']).toBe('image/jpeg')
  })

  it('approves: the user is verified, gets a message and a kyc_update frame, and the audit log says who', async () => {
    const compliance = await signInOperator(app, ['compliance'])
    const user = await pendingUser()
    const review = await reviewOf(compliance.token, user.id)
    const pushed = vi.spyOn(app.hub, 'publishToUser')
    const res = await call(app, 'POST', '/api/ops/kyc/approve', { token: compliance.token, body: { id: review.id } })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ state: 'verified', reviewedBy: compliance.name, reviewedAt: NOW })
    expect(pushed).toHaveBeenCalledWith(user.id, { messageType: 'kyc_update', data: { state: 'verified' } })
    expect(pushed).toHaveBeenCalledWith(user.id, expect.objectContaining({ messageType: 'new_message' }))
    pushed.mockRestore()
    expect(await query(user.token)).toMatchObject({ state: 'verified', reviewedAt: NOW })
    expect(await isVerified(app.db, user.id)).toBe(true)
    const messages = (await call(app, 'GET', '/api/getMyMessage', { token: user.token })).body.data as MessagePage
    expect(messages.list[0]!.title).toBe('Identity verified')
    const admin = await signInOperator(app, ['admin'])
    const log = (await call(app, 'GET', `/api/ops/audit?subject=kyc:${review.id}`, { token: admin.token })).body.data as { list: unknown[] }
    expect(log.list).toEqual([expect.objectContaining({ action: 'kyc.approve', operatorName: compliance.name, after: expect.objectContaining({ state: 'verified' }) })])
    // Once verified, no new submission.
    expect((await create(user.token, await form(user.token))).status).toBe(409)
    // Decided once: a second decision is a conflict.
    expect((await call(app, 'POST', '/api/ops/kyc/reject', { token: compliance.token, body: { id: review.id, reason: 'late' } })).status).toBe(409)
  })

  it('rejects with a reason the user sees; the user submits again', async () => {
    const compliance = await signInOperator(app, ['compliance'])
    const user = await pendingUser()
    const review = await reviewOf(compliance.token, user.id)
    const res = await call(app, 'POST', '/api/ops/kyc/reject', { token: compliance.token, body: { id: review.id, reason: 'The back photo is blurred' } })
    expect(res.status).toBe(200)
    expect(await query(user.token)).toMatchObject({ state: 'rejected', rejectReason: 'The back photo is blurred', submission: FIELDS })
    const messages = (await call(app, 'GET', '/api/getMyMessage', { token: user.token })).body.data as MessagePage
    expect(messages.list[0]!.title).toBe('Identity verification not accepted')
    expect((await create(user.token, await form(user.token))).status).toBe(200)
    expect(await query(user.token)).toMatchObject({ state: 'pending', rejectReason: null })
  })

  it('refuses a rejection without a reason, and an unknown id', async () => {
    const compliance = await signInOperator(app, ['compliance'])
    const user = await pendingUser()
    const review = await reviewOf(compliance.token, user.id)
    expect((await call(app, 'POST', '/api/ops/kyc/reject', { token: compliance.token, body: { id: review.id, reason: '   ' } })).status).toBe(400)
    const unknown = await call(app, 'POST', '/api/ops/kyc/approve', { token: compliance.token, body: { id: '00000000-0000-4000-8000-000000000000' } })
    expect(unknown).toMatchObject({ status: 404, body: { msg: 'Verification not found' } })
    expect((await query(user.token)).state).toBe('pending')
  })

  it('answers 403 to other roles (reviews and photos), 401 to users and to no one', async () => {
    const user = await pendingUser()
    const compliance = await signInOperator(app, ['compliance'])
    const review = await reviewOf(compliance.token, user.id)
    const finance = await signInOperator(app, ['finance', 'support'])
    for (const [method, url, body] of [
      ['GET', '/api/ops/kyc/reviews', undefined],
      ['POST', '/api/ops/kyc/approve', { id: review.id }],
      ['POST', '/api/ops/kyc/reject', { id: review.id, reason: 'no' }],
    ] as const) {
      expect((await call(app, method, url, { token: finance.token, body })).status).toBe(403)
      expect((await call(app, method, url, { token: user.token, body })).status).toBe(401)
      expect((await call(app, method, url, { body })).status).toBe(401)
    }
    const photo = (token?: string) =>
      app.inject({ method: 'GET', url: `/api/ops/upload/${review.frontImage}`, headers: token ? { authorization: `Bearer ${token}` } : {} })
    expect((await photo(finance.token)).statusCode).toBe(403)
    expect((await photo(user.token)).statusCode).toBe(401)
    expect((await photo()).statusCode).toBe(401)
    // A deposit's proof is finance's to see, not compliance's.
    const proof = await picture(user.token, 'deposit')
    const proofAs = (token: string) => app.inject({ method: 'GET', url: `/api/ops/upload/${proof}`, headers: { authorization: `Bearer ${token}` } })
    expect((await proofAs(finance.token)).statusCode).toBe(200)
    expect((await proofAs(compliance.token)).statusCode).toBe(403)
    expect((await query(user.token)).state).toBe('pending')
  })
})
