// No input makes the server answer 5xx, and every refusal is the envelope with HTTP status == code.
import type { FastifyInstance, InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp } from '../test/helpers.ts'

let app: FastifyInstance
beforeAll(async () => {
  app = await buildTestApp({ bodyLimit: 64 * 1024 })
  // A route that fails unexpectedly, to see what leaks.
  app.get('/api/test/boom', async () => {
    throw new Error('connect ECONNREFUSED 10.0.0.5:5432 password=hunter2')
  })
})
afterAll(() => app?.close())

async function expectEnvelope(request: InjectOptions, code: number) {
  const res = await app.inject(request)
  expect(res.statusCode, `${request.method} ${request.url}`).toBe(code)
  const body = res.json() as { code: number; msg: string; data: unknown }
  expect(body).toEqual({ code, msg: expect.any(String), data: null })
  return body
}

const json = { 'content-type': 'application/json' }

describe('refusals', () => {
  it.each([
    ['broken JSON', '{"address":'],
    ['JSON with a trailing comma', '{"a":1,}'],
    ['prototype poisoning', '{"__proto__":{"admin":true}}'],
    ['constructor poisoning', '{"constructor":{"prototype":{"admin":true}}}'],
    ['a bare string', '"hello"'],
    ['null', 'null'],
    ['a deeply nested array', '['.repeat(5000) + ']'.repeat(5000)],
  ])('answers 400 to %s', async (_name, payload) => {
    await expectEnvelope({ method: 'POST', url: '/api/checkSign', headers: json, payload }, 400)
  })

  it('says what is wrong with unparseable JSON', async () => {
    const body = await expectEnvelope({ method: 'POST', url: '/api/checkSign', headers: json, payload: '{' }, 400)
    expect(body.msg).toBe('The request body is not valid JSON')
  })

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', 'image/png'])(
    'answers 415 to %s',
    async (type) => {
      await expectEnvelope({ method: 'POST', url: '/api/checkSign', headers: { 'content-type': type }, payload: 'a=1' }, 415)
    },
  )

  it('answers 413 to a huge body', async () => {
    const payload = JSON.stringify({ sign: 'a'.repeat(200 * 1024) })
    const body = await expectEnvelope({ method: 'POST', url: '/api/checkSign', headers: json, payload }, 413)
    expect(body.msg).toBe('The request is too large')
  })

  it.each([
    ['GET', '/api/nothing-here'],
    ['POST', '/api/nothing-here'],
    ['GET', '/api'],
    ['GET', '/api/'],
    ['GET', '/api/checkSign'],
    ['POST', '/api/getNotice'],
    ['PUT', '/api/checkSign'],
    ['DELETE', '/api/login_out'],
    ['PATCH', '/api/getMyAccountInfo'],
    ['GET', '/no-static-dir-configured'],
    ['GET', '/ws'],
  ] as const)('answers 404 to %s %s', async (method, url) => {
    await expectEnvelope({ method, url }, 404)
  })

  it('answers a HEAD of an API route without a body', async () => {
    const res = await app.inject({ method: 'HEAD', url: '/api/getNotice' })
    expect(res.statusCode).toBe(200)
  })

  it.each([
    ['a huge query string', `/api/getConfigValue?configKey=${'x'.repeat(20_000)}`],
    ['nested query keys', '/api/getConfigValue?configKey[a]=1'],
    ['a percent-garbled query', '/api/getConfigValue?configKey=%E0%A4%A'],
    ['a percent-garbled path', '/api/%ff%fe'],
  ])('answers 400 to %s', async (_name, url) => {
    await expectEnvelope({ method: 'GET', url }, 400)
  })

  it.each([
    ['a non-ASCII Language', { language: 'ÿÿÿ' }],
    ['a huge Authorization', { authorization: `Bearer ${'a'.repeat(8000)}` }],
    ['a token with a NUL', { authorization: 'Bearer abc\u0000def' }],
    ['two Bearers', { authorization: 'Bearer Bearer abcdefabcdefabcdefabcdef' }],
  ])('answers 401, not 5xx, to %s', async (_name, headers) => {
    await expectEnvelope({ method: 'GET', url: '/api/getMyAccountInfo', headers }, 401)
  })

  it('masks an unexpected failure as 500 "Request Error" without internals', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/boom', headers: { 'x-request-id': 'trace-1' } })
    expect(res.statusCode).toBe(500)
    expect(res.json()).toEqual({ code: 500, msg: 'Request Error', data: null })
    expect(res.body).not.toMatch(/ECONNREFUSED|hunter2|stack/)
    expect(res.headers['x-request-id']).toBe('trace-1')
  })
})
