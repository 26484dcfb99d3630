// Idempotency as Stripe's, seen from the caller: the first outcome of a key is answered again, refusals included;
// another request under the same key is a 422; keys belong to one user and one endpoint. Money moves once.
import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pgError } from '../ledger/db-errors.ts'
import { postJournal } from '../ledger/post.ts'
import { buildTestApp, call, signIn } from '../test/helpers.ts'
import { insertClaims } from './store.ts'
import { feeJournals, registerTestEndpoints, testApi, userIdOf } from './test-endpoints.ts'

let app: FastifyInstance
beforeAll(async () => {
  app = await buildTestApp()
  registerTestEndpoints(app)
})
afterAll(() => app?.close())

const post = (path: string, token: string, key: string, body: unknown, language?: string) =>
  call(app, 'POST', `/api${path}`, { token, body, headers: { 'idempotency-key': key, ...(language ? { language } : {}) } })
const available = async (token: string) =>
  ((await call(app, 'GET', '/api/getBalance', { token })).body.data as { totalUsdt: string }).totalUsdt

async function newUser() {
  const { wallet, token } = await signIn(app)
  return { token, id: await userIdOf(app, wallet.address) }
}

describe('a repeated Idempotency-Key', () => {
  it('answers the first answer again and moves the money once', async () => {
    const user = await newUser()
    const key = randomUUID()
    const first = await post(testApi.spend.path, user.token, key, { amount: '25' })
    expect(first.body).toMatchObject({ code: 200, data: { spent: '25' } })
    expect(first.headers['idempotent-replayed']).toBeUndefined()
    const again = await post(testApi.spend.path, user.token, key, { amount: '25' })
    expect(again.body).toEqual(first.body)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(await available(user.token)).toBe('9975')
    expect(await feeJournals(app, user.id)).toBe(1)
  })

  it('is the same request whatever the order of the fields or the spacing of the JSON', async () => {
    const user = await newUser()
    const key = randomUUID()
    const headers = { 'idempotency-key': key, 'content-type': 'application/json' }
    const send = (payload: string) => call(app, 'POST', `/api${testApi.spend.path}`, { token: user.token, headers, payload })
    expect((await send('{"amount":"3","note":"rent"}')).status).toBe(200)
    const again = await send('{ "note": "rent",\n  "amount": "3" }')
    expect(again.status).toBe(200)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(await feeJournals(app, user.id)).toBe(1)
  })

  it('with a different body answers 422 and moves nothing', async () => {
    const user = await newUser()
    const key = randomUUID()
    expect((await post(testApi.spend.path, user.token, key, { amount: '10' })).status).toBe(200)
    const other = await post(testApi.spend.path, user.token, key, { amount: '900' })
    expect(other.body).toEqual({ code: 422, msg: 'This key was already used for a different request', data: null })
    expect((await post(testApi.spend.path, user.token, key, { amount: '10', note: 'x' })).status).toBe(422)
    expect(await available(user.token)).toBe('9990')
    expect(await feeJournals(app, user.id)).toBe(1)
  })

  it('answers a refusal again, in the caller\'s current language, even after the funds arrive', async () => {
    const user = await newUser()
    const key = randomUUID()
    const refused = await post(testApi.spend.path, user.token, key, { amount: '15000' })
    expect(refused.body).toEqual({ code: 409, msg: 'Insufficient balance', data: null })
    await postJournal(app.db, {
      kind: 'transfer',
      reason: 'transfer',
      idempotencyKey: randomUUID(),
      userId: user.id,
      legs: [
        { account: { ownerId: null, book: 'demo', kind: 'demo_funding' }, amount: '-10000', currency: 'USDT' },
        { account: { ownerId: user.id, book: 'demo', kind: 'available' }, amount: '10000', currency: 'USDT' },
      ],
    })
    expect(await available(user.token)).toBe('20000')
    const again = await post(testApi.spend.path, user.token, key, { amount: '15000' }, 'de_DE')
    expect(again.body).toEqual({ code: 409, msg: 'Unzureichendes Guthaben', data: null })
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(await available(user.token)).toBe('20000')
    // A new key is a new request, and now it passes.
    expect((await post(testApi.spend.path, user.token, randomUUID(), { amount: '15000' })).status).toBe(200)
    expect(await available(user.token)).toBe('5000')
  })

  it('is not stored after a 500: a retry runs again, and the ledger still posts once', async () => {
    const user = await newUser()
    const key = randomUUID()
    const crashed = await post(testApi.crashes.path, user.token, key, { amount: '40' })
    expect(crashed.body).toEqual({ code: 500, msg: 'Request Error', data: null })
    const retried = await post(testApi.crashes.path, user.token, key, { amount: '40' })
    expect(retried.body).toMatchObject({ code: 200, data: { spent: '40' } })
    expect(retried.headers['idempotent-replayed']).toBeUndefined()
    expect(await available(user.token)).toBe('9960')
    expect(await feeJournals(app, user.id)).toBe(1)
  })

  it('is not stored after a "try again" refusal (429): the retry runs', async () => {
    const user = await newUser()
    const key = randomUUID()
    expect((await post(testApi.busyOnce.path, user.token, key, { amount: '8' })).status).toBe(429)
    expect((await post(testApi.busyOnce.path, user.token, key, { amount: '8' })).body).toMatchObject({ code: 200, data: { spent: '8' } })
    expect(await available(user.token)).toBe('9992')
  })
})

describe('an Idempotency-Key belongs to', () => {
  it('one user: another user\'s same key is a request of its own', async () => {
    const [a, b] = [await newUser(), await newUser()]
    const key = randomUUID()
    expect((await post(testApi.spend.path, a.token, key, { amount: '1' })).status).toBe(200)
    const other = await post(testApi.spend.path, b.token, key, { amount: '2' })
    expect(other.body).toMatchObject({ code: 200, data: { spent: '2' } })
    expect(other.headers['idempotent-replayed']).toBeUndefined()
    expect([await available(a.token), await available(b.token)]).toEqual(['9999', '9998'])
  })

  it('one endpoint: the same key on another endpoint is a request of its own', async () => {
    const user = await newUser()
    const key = randomUUID()
    expect((await post(testApi.spend.path, user.token, key, { amount: '1' })).status).toBe(200)
    expect((await post(testApi.spendToo.path, user.token, key, { amount: '2' })).body).toMatchObject({ code: 200, data: { spent: '2' } })
    expect(await available(user.token)).toBe('9997')
    expect(await feeJournals(app, user.id)).toBe(2)
  })
})

describe('POST /api/resetDemo', () => {
  it('answers its first answer again and resets once', async () => {
    const user = await newUser()
    const key = randomUUID()
    await post(testApi.spend.path, user.token, randomUUID(), { amount: '100' })
    const first = await post('/resetDemo', user.token, key, {})
    expect(first.body).toMatchObject({ code: 200, data: { totalUsdt: '10000' } })
    await post(testApi.spend.path, user.token, randomUUID(), { amount: '500' })
    const again = await post('/resetDemo', user.token, key, {})
    expect(again.body).toEqual(first.body)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(await available(user.token)).toBe('9500')
  })
})

describe('the database', () => {
  it('stores a key only with a fingerprint of 64 lowercase hex digits', async () => {
    const user = await newUser()
    const claim = (fingerprint: string) =>
      insertClaims(app.db, [{ user_id: user.id, endpoint: 'fingerprint-test', key: randomUUID(), fingerprint, attempt: randomUUID(), at: new Date().toISOString() }]).then(
        () => null,
        (error: unknown) => pgError(error),
      )
    const hex = '0123456789abcdef'.repeat(4)
    expect(await claim(hex)).toBeNull()
    for (const bad of [hex.slice(1), `${hex}0`, hex.toUpperCase(), `${hex.slice(1)}g`, `${hex.slice(2)} 0`, '']) {
      expect(await claim(bad), JSON.stringify(bad)).toMatchObject({ code: '23514', constraint: 'idempotency_keys_fingerprint_check' })
    }
  })
})
