import { beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '@lingui/core'
import { endSession, exchangeLoginCode, forgetRevokedSession, signOut } from './session-lifecycle.ts'
import { authEvents } from './auth-events.ts'
import { clearToken, getSession, startSession } from './session.ts'

type Call = [string, RequestInit]
const envelope = (status: number, data: unknown, msg = '') =>
  new Response(JSON.stringify({ code: status, msg, data }), { status, headers: { 'content-type': 'application/json' } })

describe('session lifecycle', () => {
  beforeEach(() => {
    i18n.loadAndActivate({ locale: 'en-US', messages: {} })
    clearToken()
  })

  it('a one-time code buys a token, and the session starts with its user id', async () => {
    const fetchMock = vi.fn(async (url: string) =>
      url.endsWith('/exchangeLoginCode') ? envelope(200, 'tok-b') : envelope(200, { id: 'user-b', address: null, email: 'b@x.io', accountType: 'demo', createdAt: 1 }),
    )
    vi.stubGlobal('fetch', fetchMock)
    await expect(exchangeLoginCode('c'.repeat(43))).resolves.toBeNull()
    expect(getSession()).toMatchObject({ token: 'tok-b', userId: 'user-b', isLoggedIn: true })
    const [exchange, info] = fetchMock.mock.calls as unknown as Call[]
    expect(exchange![0]).toBe('/api/exchangeLoginCode')
    expect(exchange![1].body).toBe(JSON.stringify({ code: 'c'.repeat(43) }))
    expect(info![1].headers).toMatchObject({ Authorization: 'tok-b' })
  })

  it("a refused code leaves the session signed out and returns the server's message", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => envelope(401, null, 'This sign-in link has expired')))
    await expect(exchangeLoginCode('c'.repeat(43))).resolves.toBe('This sign-in link has expired')
    expect(getSession()).toMatchObject({ token: null, userId: null, isLoggedIn: false })
  })

  it('ending a session sends /login_out with the old token, then forgets token and user at once', async () => {
    startSession({ token: 'tok-a', userId: 'user-a', address: null })
    const fetchMock = vi.fn(async () => envelope(200, null))
    vi.stubGlobal('fetch', fetchMock)
    const ending = endSession()
    expect(getSession()).toMatchObject({ token: null, userId: null })
    await ending
    const [url, init] = (fetchMock.mock.calls as unknown as Call[])[0]!
    expect(url).toBe('/api/login_out')
    expect(init.headers).toMatchObject({ Authorization: 'tok-a' })
  })

  it('signing out tells the wallet layer first, revokes the token on the server and forgets token, user and address', async () => {
    startSession({ token: 'tok-w', userId: 'user-w', address: '0xabc' })
    const fetchMock = vi.fn(async () => envelope(200, null))
    vi.stubGlobal('fetch', fetchMock)
    const reauth = vi.fn()
    const heard: (string | null)[] = []
    const offOut = authEvents.onSignedOut(() => void heard.push(getSession().token))
    const offReauth = authEvents.onReauth(reauth)
    await signOut()
    offOut()
    offReauth()
    expect(heard).toEqual(['tok-w'])
    expect(getSession()).toMatchObject({ token: null, userId: null, address: null, isLoggedIn: false })
    const [url, init] = (fetchMock.mock.calls as unknown as Call[])[0]!
    expect(url).toBe('/api/login_out')
    expect(init.headers).toMatchObject({ Authorization: 'tok-w' })
    expect(reauth).not.toHaveBeenCalled()
  })

  it('a session the server revoked (socket 4001) is forgotten without a call or a new signature; a stale one is ignored', () => {
    const fetchMock = vi.fn()
    vi.stubGlobal('fetch', fetchMock)
    const signedOut = vi.fn()
    const off = authEvents.onSignedOut(signedOut)
    startSession({ token: 'tok-new', userId: 'user-n', address: null })
    forgetRevokedSession('tok-old')
    expect(getSession().token).toBe('tok-new')
    forgetRevokedSession('tok-new')
    off()
    expect(getSession()).toMatchObject({ token: null, userId: null, isLoggedIn: false })
    expect(signedOut).toHaveBeenCalledTimes(1)
    expect(fetchMock).not.toHaveBeenCalled()
  })
})
