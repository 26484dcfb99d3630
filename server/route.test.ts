// route(): the contract endpoint decides auth, validation, the Idempotency-Key rule and the envelope.
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Endpoint } from '#contract/endpoint.ts'
import { ledgerKeyOf, route } from './route.ts'
import { feeJournals, registerTestEndpoints, testApi as spendApi, userIdOf } from './idempotency/test-endpoints.ts'
import { buildTestApp, call, signIn } from './test/helpers.ts'

const testApi = {
  deposit: { method: 'POST', path: '/test/deposit', body: z.object({ amount: z.string() }), data: z.object({ echoed: z.string(), key: z.string() }), auth: true, money: true },
  broken: { method: 'GET', path: '/test/broken', data: z.object({ n: z.number() }), auth: false },
  anonymousMoney: { method: 'POST', path: '/test/anonymous-money', data: z.null(), auth: false, money: true },
} as const satisfies Record<string, Endpoint>

let app: FastifyInstance
beforeAll(async () => {
  app = await buildTestApp()
  route(app, testApi.deposit, ({ body, idempotencyKey }) => ({ echoed: body.amount, key: idempotencyKey }))
  // Breaks its own contract: the answer must not go out.
  route(app, testApi.broken, () => ({ n: 'not a number' }) as unknown as { n: number })
  registerTestEndpoints(app)
})
afterAll(() => app?.close())

describe('route()', () => {
  it('requires an Idempotency-Key on money endpoints, and gives the handler a ledger key of this user and endpoint', async () => {
    const { wallet, token } = await signIn(app)
    const missing = await call(app, 'POST', '/api/test/deposit', { token, body: { amount: '1' } })
    expect(missing.body).toEqual({ code: 400, msg: 'An Idempotency-Key header is required', data: null })
    const tooShort = await call(app, 'POST', '/api/test/deposit', { token, body: { amount: '1' }, headers: { 'idempotency-key': 'a' } })
    expect(tooShort.status).toBe(400)
    const ok = await call(app, 'POST', '/api/test/deposit', { token, body: { amount: '1' }, headers: { 'idempotency-key': 'deposit-0001' } })
    const key = ledgerKeyOf(await userIdOf(app, wallet.address), 'POST /test/deposit', 'deposit-0001')
    expect(ok.body).toEqual({ code: 200, msg: 'success', data: { echoed: '1', key } })
  })

  it('moves nothing when the Idempotency-Key is missing or malformed', async () => {
    const { wallet, token } = await signIn(app)
    const url = `/api${spendApi.spend.path}`
    for (const key of [undefined, 'short', 'has a space', 'ключ-ключ-ключ', 'k'.repeat(201)]) {
      const res = await call(app, 'POST', url, { token, body: { amount: '5' }, headers: key === undefined ? {} : { 'idempotency-key': key } })
      expect(res.body).toEqual({ code: 400, msg: 'An Idempotency-Key header is required', data: null })
    }
    expect(await feeJournals(app, await userIdOf(app, wallet.address))).toBe(0)
  })

  it('refuses to register a money endpoint that needs no sign-in: keys belong to a user', () => {
    expect(() => route(app, testApi.anonymousMoney, () => null)).toThrow('a money endpoint must require auth')
  })

  it('checks the token before anything else', async () => {
    const res = await call(app, 'POST', '/api/test/deposit', { body: { amount: 1 } })
    expect(res.status).toBe(401)
  })

  it('names the offending field', async () => {
    const { token } = await signIn(app)
    const res = await call(app, 'POST', '/api/test/deposit', { token, body: { amount: 1 }, headers: { 'idempotency-key': 'deposit-0002' } })
    expect(res.body).toEqual({ code: 400, msg: 'Invalid input: amount', data: null })
  })

  it('refuses to send an answer that breaks the contract', async () => {
    const res = await call(app, 'GET', '/api/test/broken')
    expect(res.body).toEqual({ code: 500, msg: 'Request Error', data: null })
  })
})
