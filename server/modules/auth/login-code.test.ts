import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOGIN_CODE_TTL_MS } from '#contract/auth.ts'
import { serverMessages } from '#contract/server-messages.ts'
import { newToken } from '../../plugins/auth.ts'
import { buildTestApp, call, signIn } from '../../test/helpers.ts'
import { createLoginCode } from './login-code.ts'

let clock = Date.now()
let app: FastifyInstance
beforeAll(async () => {
  app = await buildTestApp({ now: () => clock })
})
afterAll(() => app?.close())

const exchange = (body: unknown) => call(app, 'POST', '/api/exchangeLoginCode', { body })
const invalid = { code: 401, msg: serverMessages.loginCodeInvalid.message, data: null }

async function newUser() {
  const { token } = await signIn(app)
  const info = await call(app, 'GET', '/api/getMyAccountInfo', { token })
  return (info.body.data as { id: string }).id
}

describe('POST /api/exchangeLoginCode', () => {
  it("answers a new token of the code's user", async () => {
    const userId = await newUser()
    const res = await exchange({ code: await createLoginCode(app.db, userId, clock) })
    expect(res.body).toMatchObject({ code: 200, msg: 'success' })
    expect(res.body.data).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const info = await call(app, 'GET', '/api/getMyAccountInfo', { token: res.body.data as string })
    expect(info.body.data).toMatchObject({ id: userId })
  })

  it('works once: a second use is 401, also when both race', async () => {
    const userId = await newUser()
    const code = await createLoginCode(app.db, userId, clock)
    expect((await exchange({ code })).status).toBe(200)
    expect((await exchange({ code })).body).toEqual(invalid)
    const raced = await createLoginCode(app.db, userId, clock)
    const results = await Promise.all([exchange({ code: raced }), exchange({ code: raced })])
    expect(results.map((r) => r.status).sort()).toEqual([200, 401])
  })

  it('refuses a code once its 60 seconds have passed with 401', async () => {
    const userId = await newUser()
    const early = await createLoginCode(app.db, userId, clock)
    const late = await createLoginCode(app.db, userId, clock)
    clock += LOGIN_CODE_TTL_MS - 1
    expect((await exchange({ code: early })).status).toBe(200)
    clock += 1
    expect((await exchange({ code: late })).body).toEqual(invalid)
  })

  it('refuses a well-formed code it never made with 401', async () => {
    expect((await exchange({ code: newToken() })).body).toEqual(invalid)
  })

  it.each([
    ['no body', undefined, 'body'],
    ['no code', {}, 'code'],
    ['a short code', { code: 'abc' }, 'code'],
    ['a code with other characters', { code: `${newToken().slice(0, 42)}=` }, 'code'],
    ['a number', { code: 12345 }, 'code'],
  ])('answers 400 for %s', async (_name, body, field) => {
    expect((await exchange(body)).body).toEqual({ code: 400, msg: `Invalid input: ${field}`, data: null })
  })
})
