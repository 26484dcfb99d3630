// Google and Facebook sign-in against a real OpenID provider on this machine (server/test/oidc-provider.ts): the
// whole redirect dance as a browser makes it, and the ways it must refuse — a forged state, a replayed code, a
// wrong nonce, and linking an existing account without a fresh sign-in.
import { randomUUID } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serverMessages } from '#contract/server-messages.ts'
import { OIDC_LINK_FRESH_MS } from '#contract/oidc.ts'
import { buildTestApp, call, signIn } from '../../test/helpers.ts'
import { insertEmailUser } from '../auth/users.repository.ts'
import { signInAtProvider, startTestProvider, TEST_CLIENT, type TestAccount, type TestProvider } from '../../test/oidc-provider.ts'

const ORIGIN = 'http://keelson.test'
// Fresh subjects each run, so runs against a shared PostgreSQL never meet an identity of an earlier run.
const person = (name: string): TestAccount => {
  const sub = randomUUID()
  return { sub, email: `${name}-${sub.slice(0, 8)}@provider.test`, password: `${name}-password` }
}
const ada = person('ada')
const bob = person('bob')
const eve = person('eve')
const cyd = person('cyd')
const dee = person('dee')
const fay = person('fay')

let clock = Date.now()
let provider: TestProvider
let app: FastifyInstance
beforeAll(async () => {
  provider = await startTestProvider({ redirectUris: [`${ORIGIN}/api/oidc/google/callback`], accounts: [ada, bob, eve, cyd, dee, fay] })
  app = await buildTestApp({ now: () => clock, publicOrigin: ORIGIN, oidc: { google: { issuer: provider.issuer, ...TEST_CLIENT } } })
})
afterAll(async () => {
  await app?.close()
  await provider?.close()
})

/** The app's "Continue with Google": the provider's URL, and the flow cookie the browser keeps. */
async function start(token?: string) {
  const res = await app.inject({ method: 'POST', url: token ? '/api/oidcLink' : '/api/oidcStart', payload: { provider: 'google' }, headers: token ? { authorization: token } : {} })
  expect(res.statusCode).toBe(200)
  const cookie = String(res.headers['set-cookie']).split(';')[0]!
  expect(cookie).toMatch(/^keelson_oidc=[A-Za-z0-9_-]{16,}$/)
  return { url: (res.json() as { data: { url: string } }).data.url, cookie }
}

/** The browser arriving back at the callback: where it is sent next. */
async function arrive(callbackUrl: URL, cookie: string) {
  const res = await app.inject({ method: 'GET', url: callbackUrl.pathname + callbackUrl.search, headers: { cookie } })
  expect(res.statusCode).toBe(303)
  return String(res.headers.location)
}

/** The app on /home?code=...: the token and whose account it is. */
async function landed(location: string) {
  const code = new URL(location, ORIGIN).searchParams.get('code')
  const exchanged = await call(app, 'POST', '/api/exchangeLoginCode', { body: { code } })
  expect(exchanged.status).toBe(200)
  const token = exchanged.body.data as string
  const info = await call(app, 'GET', '/api/getMyAccountInfo', { token })
  return { token, account: info.body.data as { id: string; address: string | null; email: string | null } }
}

async function signInWithGoogle(account: TestAccount) {
  const { url, cookie } = await start()
  const location = await arrive(await signInAtProvider(url, account), cookie)
  expect(location).toMatch(/^\/home\?code=[A-Za-z0-9_-]{43}$/)
  return landed(location)
}

const userIdOf = async (token: string) => ((await call(app, 'GET', '/api/getMyAccountInfo', { token })).body.data as { id: string }).id

describe('GET /api/oidcProviders', () => {
  it('names the configured providers only', async () => {
    expect((await call(app, 'GET', '/api/oidcProviders')).body.data).toEqual(['google'])
  })
})

describe('sign-in with a provider', () => {
  it('creates an account on the first sign-in, with its demo book, and reaches the same one the second time', async () => {
    const first = await signInWithGoogle(ada)
    // The provider's e-mail is not taken as the account's: it proves nothing here.
    expect(first.account).toMatchObject({ address: null, email: null })
    const balance = await call(app, 'GET', '/api/getBalance', { token: first.token })
    expect(balance.status).toBe(200)
    const second = await signInWithGoogle(ada)
    expect(second.account.id).toBe(first.account.id)
    expect(second.token).not.toBe(first.token)
  })

  it("binds the inviter of the browser's invite link on the first sign-in", async () => {
    const inviter = await signIn(app)
    const invite = await call(app, 'GET', '/api/getUserInviteCode', { token: inviter.token })
    const { inviteCode } = invite.body.data as { inviteCode: string }
    const { url, cookie } = await start()
    const location = await arrive(await signInAtProvider(url, fay), `${cookie}; invitecode=${inviteCode}`)
    await landed(location)
    const after = await call(app, 'GET', '/api/getUserInviteCode', { token: inviter.token })
    expect((after.body.data as { invitedCount: number }).invitedCount).toBe(1)
  })

  it('refuses a callback whose state is not the one this browser was given, and signs nobody in', async () => {
    // The victim's browser started a sign-in; an attacker finished their own and sends the victim its callback.
    const victim = await start()
    const attacker = await start()
    const attackersCallback = await signInAtProvider(attacker.url, eve)
    expect(await arrive(attackersCallback, victim.cookie)).toBe('/pass/login?signInError=failed')
    // A made-up state with the real code fails as well.
    const own = await start()
    const callback = await signInAtProvider(own.url, eve)
    callback.searchParams.set('state', 'forged-state-0123456789')
    expect(await arrive(callback, own.cookie)).toBe('/pass/login?signInError=failed')
    // Without the flow cookie at all.
    const third = await start()
    expect(await arrive(await signInAtProvider(third.url, eve), 'other=1')).toBe('/pass/login?signInError=failed')
  })

  it('refuses a replayed authorization code, in the same flow and in a new one', async () => {
    const { url, cookie } = await start()
    const callback = await signInAtProvider(url, bob)
    const location = await arrive(callback, cookie)
    expect(location).toMatch(/^\/home\?code=/)
    expect(await arrive(callback, cookie)).toBe('/pass/login?signInError=failed')
    // A new flow with the old code under the new state: the provider refuses the code (and its PKCE verifier).
    const again = await start()
    const replay = new URL(callback)
    replay.searchParams.set('state', decodeURIComponent(again.cookie.split('=')[1]!))
    expect(await arrive(replay, again.cookie)).toBe('/pass/login?signInError=failed')
  })

  it('refuses an ID token made for another nonce', async () => {
    const { url, cookie } = await start()
    const tampered = new URL(url)
    expect(tampered.searchParams.get('nonce')).toMatch(/.{20,}/)
    tampered.searchParams.set('nonce', 'a-nonce-this-sign-in-never-sent')
    expect(await arrive(await signInAtProvider(tampered.href, eve), cookie)).toBe('/pass/login?signInError=failed')
  })

  it('sends a user who cancelled at the provider back with "cancelled"', async () => {
    const { url, cookie } = await start()
    const state = new URL(url).searchParams.get('state')!
    const back = new URL(`${ORIGIN}/api/oidc/google/callback?error=access_denied&state=${state}`)
    expect(await arrive(back, cookie)).toBe('/pass/login?signInError=cancelled')
  })

  it('refuses an unknown provider with 400 and an unconfigured one with 404, in the caller language', async () => {
    const unknown = await call(app, 'POST', '/api/oidcStart', { body: { provider: 'myspace' } })
    expect(unknown.body).toEqual({ code: 400, msg: 'Invalid input: provider', data: null })
    const facebook = await call(app, 'POST', '/api/oidcStart', { body: { provider: 'facebook' }, headers: { Language: 'de_DE' } })
    expect(facebook.status).toBe(404)
    expect(facebook.body.msg).not.toBe(serverMessages.oidcNotConfigured.message)
    expect(facebook.body.msg.length).toBeGreaterThan(10)
    const res = await app.inject({ method: 'GET', url: '/api/oidc/myspace/callback?code=x&state=y' })
    expect(res.headers.location).toBe('/pass/login?signInError=failed')
  })
})

describe('linking a provider to an existing account', () => {
  it('links to the signed-in wallet account after a fresh sign-in; the provider then reaches that account', async () => {
    const { token } = await signIn(app)
    const walletUserId = await userIdOf(token)
    const { url, cookie } = await start(token)
    expect(await arrive(await signInAtProvider(url, cyd), cookie)).toBe('/profile/password?linked=google')
    expect((await call(app, 'GET', '/api/oidcLinked', { token })).body.data).toEqual(['google'])
    const viaGoogle = await signInWithGoogle(cyd)
    expect(viaGoogle.account.id).toBe(walletUserId)
  })

  it('needs proof: no link without a session, none from a sign-in older than 10 minutes', async () => {
    expect((await call(app, 'POST', '/api/oidcLink', { body: { provider: 'google' } })).status).toBe(401)
    const { token } = await signIn(app)
    clock += OIDC_LINK_FRESH_MS + 1
    const stale = await call(app, 'POST', '/api/oidcLink', { body: { provider: 'google' }, token })
    expect(stale.body).toEqual({ code: 403, msg: serverMessages.oidcSignInAgain.message, data: null })
    expect((await call(app, 'GET', '/api/oidcLinked', { token })).body.data).toEqual([])
  })

  it('never links by e-mail: an e-mail account with the provider e-mail stays apart', async () => {
    // dee's provider e-mail belongs to an e-mail account here; signing in with the provider makes a new account.
    const emailUserId = await insertEmailUser(app.db, dee.email, new Date(clock))
    expect(emailUserId).not.toBeNull()
    const google = await signInWithGoogle(dee)
    expect(google.account.id).not.toBe(emailUserId)
    expect(google.account.email).toBeNull()
  })

  it('refuses to link an identity that already signs in to another account, and changes nothing', async () => {
    const owner = await signInWithGoogle(eve)
    const { token } = await signIn(app)
    const { url, cookie } = await start(token)
    expect(await arrive(await signInAtProvider(url, eve), cookie)).toBe('/profile/password?linkError=taken')
    expect((await call(app, 'GET', '/api/oidcLinked', { token })).body.data).toEqual([])
    expect((await signInWithGoogle(eve)).account.id).toBe(owner.account.id)
  })
})

describe('Facebook configured beside Google', () => {
  it('names both providers and signs in through Facebook, on its own callback, to the same account each time', async () => {
    const gus = person('gus')
    const both = await startTestProvider({
      redirectUris: [`${ORIGIN}/api/oidc/google/callback`, `${ORIGIN}/api/oidc/facebook/callback`],
      accounts: [gus],
    })
    const facebook = await buildTestApp({
      publicOrigin: ORIGIN,
      oidc: { google: { issuer: both.issuer, ...TEST_CLIENT }, facebook: { issuer: both.issuer, ...TEST_CLIENT } },
    })
    const viaFacebook = async () => {
      const res = await facebook.inject({ method: 'POST', url: '/api/oidcStart', payload: { provider: 'facebook' } })
      expect(res.statusCode).toBe(200)
      const cookie = String(res.headers['set-cookie']).split(';')[0]!
      const url = (res.json() as { data: { url: string } }).data.url
      expect(new URL(url).searchParams.get('redirect_uri')).toBe(`${ORIGIN}/api/oidc/facebook/callback`)
      const back = await signInAtProvider(url, gus)
      expect(back.pathname).toBe('/api/oidc/facebook/callback')
      const arrived = await facebook.inject({ method: 'GET', url: back.pathname + back.search, headers: { cookie } })
      expect(arrived.statusCode).toBe(303)
      const code = new URL(String(arrived.headers.location), ORIGIN).searchParams.get('code')
      const exchanged = await call(facebook, 'POST', '/api/exchangeLoginCode', { body: { code } })
      expect(exchanged.status).toBe(200)
      const info = await call(facebook, 'GET', '/api/getMyAccountInfo', { token: exchanged.body.data as string })
      return info.body.data as { id: string; address: string | null; email: string | null }
    }
    try {
      expect((await call(facebook, 'GET', '/api/oidcProviders')).body.data).toEqual(['google', 'facebook'])
      const first = await viaFacebook()
      expect(first).toMatchObject({ address: null, email: null })
      expect((await viaFacebook()).id).toBe(first.id)
    } finally {
      await facebook.close()
      await both.close()
    }
  })
})

describe("a provider whose discovery offers only the implicit flow (Facebook's own)", () => {
  it('is refused when the button is tapped, before anyone is sent to it, and the reason is logged', async () => {
    // Facebook's https://www.facebook.com/.well-known/openid-configuration, served from this machine: id_token only,
    // no token endpoint.
    const server = createServer((_req, res) => {
      const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify({
        issuer,
        authorization_endpoint: `${issuer}/dialog/oauth/`,
        jwks_uri: `${issuer}/.well-known/oauth/openid/jwks/`,
        response_types_supported: ['id_token', 'token id_token'],
        subject_types_supported: ['pairwise'],
        id_token_signing_alg_values_supported: ['RS256'],
        claims_supported: ['iss', 'aud', 'sub', 'iat', 'exp', 'email', 'name'],
      }))
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const warnings: string[] = []
    const facebook = await buildTestApp({
      publicOrigin: ORIGIN,
      oidc: { facebook: { issuer: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, ...TEST_CLIENT } },
    })
    facebook.log.warn = ((detail: { reason?: string }, message: string) => void warnings.push(`${message}: ${detail.reason}`)) as typeof facebook.log.warn
    try {
      const res = await facebook.inject({ method: 'POST', url: '/api/oidcStart', payload: { provider: 'facebook' } })
      expect(res.statusCode).toBe(500)
      expect(res.json()).toMatchObject({ msg: serverMessages.oidcUnavailable.message })
      expect(res.headers['set-cookie']).toBeUndefined()
      expect(warnings.join('\n')).toContain('oidc provider unusable: no authorization code flow (response types: id_token, token id_token; token endpoint: none)')
    } finally {
      await facebook.close()
      server.close()
    }
  })
})
