// Input PostgreSQL cannot hold is a 400 with a clear message, never a 500: NUL bytes and unpaired surrogates in any
// text (they reach text and jsonb columns), ids above int8's maximum, and a malformed multipart upload.
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signInOperator } from './modules/ops/test-operators.ts'
import { buildTestApp, call, signIn } from './test/helpers.ts'

let app: FastifyInstance
let token: string
let opsToken: string
beforeAll(async () => {
  app = await buildTestApp()
  token = (await signIn(app)).token
  opsToken = (await signInOperator(app, ['admin'])).token
})
afterAll(() => app?.close())

const NUL = 'a\u0000b'
const LONE_SURROGATE = 'a\ud800b'
const key = () => ({ 'idempotency-key': `key-${Math.random().toString(36).slice(2, 12)}` })
const unstorable = (field: string) => `Invalid input: ${field} contains a character that cannot be saved (a NUL or an unpaired surrogate)`

describe('text PostgreSQL cannot store', () => {
  it.each([
    ['a NUL in a user e-mail', '/api/register', () => ({ email: `x${NUL}@example.com`, password: 'password1', code: '123456' }), 'email', false],
    ['a lone surrogate in a sign-in', '/api/login', () => ({ email: `x${LONE_SURROGATE}@example.com`, password: 'password1' }), 'email', false],
    ['a NUL in a notice title', '/api/ops/notice', () => ({ title: NUL, content: 'body' }), 'title', true],
    ['a lone surrogate in a notice text', '/api/ops/notice', () => ({ title: 'title', content: LONE_SURROGATE }), 'content', true],
    ['a NUL in a setting', '/api/ops/config', () => ({ configKey: 'platformName', value: NUL }), 'value', true],
    ['a lone low surrogate in a setting', '/api/ops/config', () => ({ configKey: 'platformName', value: 'x\udc00' }), 'value', true],
    ['a NUL in a rejection reason', '/api/ops/deposits/reject', () => ({ id: '1', reason: `reason ${NUL}` }), 'reason', true],
  ])('%s is a 400 naming the field', async (_name, url, body, field, operator) => {
    const res = await call(app, 'POST', url, { token: operator ? opsToken : token, body: body() })
    expect(res.body).toEqual({ code: 400, msg: unstorable(field), data: null })
  })

  it('refuses a NUL in a query string and in an object key the same way', async () => {
    const query = await call(app, 'GET', '/api/ops/users?q=a%00b', { token: opsToken })
    expect(query.body.msg).toBe(unstorable('q'))
    const objectKey = await call(app, 'POST', '/api/ops/notice', { token: opsToken, body: { title: 't', content: 'c', [NUL]: 1 } })
    expect(objectKey.body.msg).toBe(unstorable(NUL))
  })

  it('finds a NUL at the bottom of a deeply nested body without failing itself', async () => {
    const payload = `{"email":${'['.repeat(5000)}"a\\u0000"${']'.repeat(5000)},"password":"password1"}`
    const res = await call(app, 'POST', '/api/login', { payload, headers: { 'content-type': 'application/json' } })
    expect(res.body).toEqual({ code: 400, msg: unstorable('email.0.0.0.0.0.0.0.0.0'), data: null })
  })

  it('keeps text with paired surrogates (emoji) and other languages', async () => {
    const res = await call(app, 'POST', '/api/ops/notice', { token: opsToken, body: { title: 'Maintenance 🔧 維護', content: 'Back soon 👍' } })
    expect(res.status).toBe(200)
    const notice = await call(app, 'GET', '/api/ops/notice', { token: opsToken })
    expect(notice.body.data).toMatchObject({ noticeTitle: 'Maintenance 🔧 維護', noticeContent: 'Back soon 👍' })
  })
})

describe('ids above the int8 maximum', () => {
  const TOO_BIG = '9223372036854775808'
  it.each([
    ['POST', '/api/closePositionOrder', { orderNo: TOO_BIG }, 'orderNo', false],
    ['POST', '/api/cancelLimitOrder', { orderNo: '99999999999999999999' }, 'orderNo', false],
    ['GET', `/api/getLimitOrder?orderNo=${TOO_BIG}`, undefined, 'orderNo', false],
    ['GET', `/api/getWithdrawal?id=${TOO_BIG}`, undefined, 'id', false],
    ['POST', '/api/ops/deposits/approve', { id: TOO_BIG }, 'id', true],
    ['POST', '/api/ops/deposits/reject', { id: TOO_BIG, reason: 'not ours' }, 'id', true],
    ['POST', '/api/ops/withdrawals/approve', { id: TOO_BIG }, 'id', true],
    ['POST', '/api/ops/withdrawals/reject', { id: TOO_BIG, reason: 'not ours' }, 'id', true],
  ] as const)('%s %s is a 400', async (method, url, body, field, operator) => {
    const res = await call(app, method, url, { token: operator ? opsToken : token, body, headers: key() })
    expect(res.body).toEqual({ code: 400, msg: `Invalid input: ${field}`, data: null })
  })

  it('still looks up the largest int8 id (not found, not invalid)', async () => {
    const res = await call(app, 'GET', '/api/getWithdrawal?id=9223372036854775807', { token })
    expect(res.status).toBe(404)
  })
})

describe('a malformed multipart upload', () => {
  it.each([
    ['a truncated form', '--X\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\nabc'],
    ['no boundary in the body', 'garbage'],
    ['a part without headers', '--X\r\nnot a header\r\n\r\n'],
  ])('%s is a 400 that says so', async (_name, payload) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/imgUpload',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'multipart/form-data; boundary=X' },
      payload,
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ code: 400, msg: 'The upload form is malformed or incomplete; please send the picture again', data: null })
  })
})
