import { describe, expect, it, vi, beforeEach } from 'vitest'
import * as z from 'zod/mini'
import { i18n } from '@lingui/core'
import type { Endpoint } from '#contract/endpoint.ts'
import { api, ApiError, REQUEST_TIMEOUT_MS } from './api.ts'
import { authEvents } from './auth-events.ts'
import { clearToken, getSession, startSession, updateSession } from './session.ts'

const get = { method: 'GET', path: '/getThing', query: z.object({ id: z.string() }), data: z.string(), auth: true } as const satisfies Endpoint
const post = { method: 'POST', path: '/doThing', body: z.object({ a: z.number() }), data: z.null(), auth: true, money: true } as const satisfies Endpoint

function reply(status: number, body: unknown) {
  return vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }))
}

describe('api', () => {
  beforeEach(() => {
    i18n.loadAndActivate({ locale: 'en-US', messages: {} })
    startSession({ token: 'tok', userId: 'u1', address: null })
    updateSession({ language: 'de_DE' })
  })

  it('sends the token, the language, the host and the idempotency key, and unwraps data', async () => {
    const fetchMock = reply(200, { code: 200, msg: 'ok', data: 'hello' })
    vi.stubGlobal('fetch', fetchMock)
    await expect(api(get, { query: { id: 'x y' } })).resolves.toBe('hello')
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit]
    expect(url).toBe('/api/getThing?id=x+y')
    expect(init.headers).toMatchObject({ Authorization: 'tok', Language: 'de_DE' })
    await api(post, { body: { a: 1 }, idempotencyKey: 'k1' }).catch(() => {})
    const [, postInit] = fetchMock.mock.calls[1] as unknown as [string, RequestInit]
    expect(postInit.headers).toMatchObject({ 'Idempotency-Key': 'k1', 'Content-Type': 'application/json' })
    expect(postInit.body).toBe('{"a":1}')
  })

  it('sends Authorization only to endpoints that need it, so public answers can be cached for everyone', async () => {
    const fetchMock = reply(200, { code: 200, msg: 'ok', data: 'news' })
    vi.stubGlobal('fetch', fetchMock)
    await api({ ...get, auth: false }, { query: { id: '1' } })
    await api(post, { body: { a: 1 }, idempotencyKey: 'k2' })
    const calls = fetchMock.mock.calls as unknown as [string, RequestInit][]
    const [publicInit, privateInit] = [calls[0]![1], calls[1]![1]]
    expect(publicInit.headers).not.toHaveProperty('Authorization')
    expect(publicInit.headers).toMatchObject({ Language: 'de_DE' })
    expect(privateInit.headers).toMatchObject({ Authorization: 'tok' })
    clearToken()
    await api(get, { query: { id: '1' } })
    expect(calls[2]![1]).toMatchObject({ headers: expect.not.objectContaining({ Authorization: expect.anything() }) })
  })

  it("sends an operator's token as a bearer on the console's endpoints, and its 401 never ends the user's session", async () => {
    const fetchMock = reply(401, { code: 401, msg: 'Please sign in again', data: null })
    vi.stubGlobal('fetch', fetchMock)
    const reauth = vi.fn()
    const off = authEvents.onReauth(reauth)
    const opsEndpoint = { method: 'GET', path: '/ops/me', data: z.null(), auth: false } as const satisfies Endpoint
    await expect(api(opsEndpoint, { operatorToken: 'op-token' })).rejects.toMatchObject({ code: 401, message: 'Please sign in again' })
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit]
    expect(init.headers).toMatchObject({ Authorization: 'Bearer op-token', Language: 'de_DE' })
    expect(reauth).not.toHaveBeenCalled()
    expect(getSession()).toMatchObject({ token: 'tok', userId: 'u1' })
    off()
  })

  it('a 401 for a token that is no longer the session\'s (a revoked old one) leaves the session alone', async () => {
    vi.stubGlobal('fetch', reply(401, { code: 401, msg: 'gone', data: null }))
    const reauth = vi.fn()
    const off = authEvents.onReauth(reauth)
    await expect(api(post, { body: { a: 1 }, token: 'old' })).rejects.toMatchObject({ code: 401 })
    expect(reauth).not.toHaveBeenCalled()
    expect(getSession()).toMatchObject({ token: 'tok', userId: 'u1' })
    off()
  })

  it('a 401 from sign-in itself does not start another round of signing', async () => {
    vi.stubGlobal('fetch', reply(401, { code: 401, msg: 'expired', data: null }))
    const reauth = vi.fn()
    const off = authEvents.onReauth(reauth)
    await expect(api({ ...get, auth: false }, { query: { id: '1' } })).rejects.toMatchObject({ code: 401 })
    expect(reauth).not.toHaveBeenCalled()
    off()
  })

  it('on 401 forgets the token and asks for a new signature', async () => {
    vi.stubGlobal('fetch', reply(401, { code: 401, msg: 'Bitte erneut anmelden', data: null }))
    const reauth = vi.fn()
    const off = authEvents.onReauth(reauth)
    await expect(api(get, { query: { id: '1' } })).rejects.toMatchObject({ code: 401 })
    expect(reauth).toHaveBeenCalledOnce()
    expect(getSession()).toMatchObject({ token: null, userId: null, isLoggedIn: false })
    off()
  })

  it('500 shows the server message or "Request Error"; other failures the message or "request error"', async () => {
    vi.stubGlobal('fetch', reply(500, { code: 500, msg: '', data: null }))
    await expect(api(get, { query: { id: '1' } })).rejects.toEqual(new ApiError(500, 'Request Error'))
    vi.stubGlobal('fetch', reply(409, { code: 409, msg: 'Saldo zu niedrig', data: null }))
    await expect(api(get, { query: { id: '1' } })).rejects.toEqual(new ApiError(409, 'Saldo zu niedrig'))
    vi.stubGlobal('fetch', vi.fn(async () => new Response('<html>bad gateway</html>', { status: 502 })))
    await expect(api(get, { query: { id: '1' } })).rejects.toEqual(new ApiError(502, 'request error'))
  })

  it('gives up after 8 s', async () => {
    vi.useFakeTimers()
    vi.stubGlobal('fetch', vi.fn((_: string, init: RequestInit) => new Promise((_, reject) => init.signal!.addEventListener('abort', () => reject(init.signal!.reason)))))
    const call = api(get, { query: { id: '1' } })
    const assertion = expect(call).rejects.toMatchObject({ message: 'request error' })
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS)
    await assertion
    vi.useRealTimers()
  })
})
