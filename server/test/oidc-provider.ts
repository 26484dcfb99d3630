// A local OpenID Connect provider for the tests of Google and Facebook sign-in (modules/oidc): oidc-provider in this
// process, on 127.0.0.1, with one client and accounts that sign in on a plain form. Nothing hosted is reachable
// from tests; this is a real provider all the same (discovery, PKCE, signed ID tokens, one-use codes).
import { generateKeyPairSync } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import Provider from 'oidc-provider'

export type TestAccount = { sub: string; email: string; password: string }

/** The account the tests sign in with (the e2e test types these on the provider's page). */
export const TEST_ACCOUNT: TestAccount = { sub: 'test-user-1', email: 'ada@provider.test', password: 'provider-password' }
export const TEST_CLIENT = { clientId: 'keelson-test', clientSecret: 'keelson-test-secret-0123456789abcdef' }

export type TestProvider = { issuer: string; close: () => Promise<void> }

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

function page(res: ServerResponse, uid: string, problem = '') {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
  res.end(`<!doctype html><meta name="viewport" content="width=device-width"><title>Test provider</title>
<h1>Test provider sign-in</h1>${problem ? `<p role="alert">${escapeHtml(problem)}</p>` : ''}
<form method="post" action="/interaction/${escapeHtml(uid)}">
<label>E-mail <input name="email" type="email"></label>
<label>Password <input name="password" type="password"></label>
<button type="submit">Sign in</button></form>`)
}

async function formOf(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return new URLSearchParams(Buffer.concat(chunks).toString())
}

type Options = {
  /** 0: any free port. */
  port?: number
  /** The client's allowed callbacks. */
  redirectUris: string[]
  accounts?: TestAccount[]
  /** Any e-mail signs in with TEST_ACCOUNT's password, as its own person (the browser tests: a new one per test). */
  anyEmail?: boolean
}

/** Starts the provider on 127.0.0.1. */
export async function startTestProvider({ port = 0, redirectUris, accounts = [TEST_ACCOUNT], anyEmail = false }: Options): Promise<TestProvider> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: TEST_CLIENT.clientId,
        client_secret: TEST_CLIENT.clientSecret,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    findAccount: (_ctx: unknown, sub: string) => {
      const account = accounts.find((a) => a.sub === sub)
      return account && { accountId: sub, claims: async () => ({ sub, email: account.email, email_verified: true }) }
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    features: { devInteractions: { enabled: false } },
    cookies: { keys: ['keelson-test-provider-cookie-key'] },
    jwks: { keys: [generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' })] },
    ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 600, Grant: 600 },
  })
  const handle = provider.callback()
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const uid = /^\/interaction\/([A-Za-z0-9_-]+)$/.exec(req.url ?? '')?.[1]
    if (!uid) return handle(req, res)
    void (async () => {
      const details = await provider.interactionDetails(req, res)
      if (req.method !== 'POST') return page(res, uid)
      const form = await formOf(req)
      let account = accounts.find((a) => a.email === form.get('email') && a.password === form.get('password'))
      const email = form.get('email') ?? ''
      if (!account && anyEmail && /^[^@\s]+@[^@\s]+$/.test(email) && form.get('password') === TEST_ACCOUNT.password) {
        account = { sub: `sub-${email}`, email, password: TEST_ACCOUNT.password }
        accounts.push(account)
      }
      if (!account) return page(res, uid, 'Wrong e-mail or password')
      // Signs in and consents in one step: the tests' user always agrees.
      const grant = new provider.Grant({ accountId: account.sub, clientId: details.params.client_id! })
      grant.addOIDCScope(details.params.scope!)
      const grantId = await grant.save()
      await provider.interactionFinished(req, res, { login: { accountId: account.sub }, consent: { grantId } }, { mergeWithLastSubmission: false })
    })().catch((error: unknown) => {
      res.writeHead(400, { 'content-type': 'text/plain' })
      res.end(String(error))
    })
  })
  return {
    issuer,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/**
 * What a browser does at the provider, with fetch: opens the authorization URL, signs in on the form, and follows
 * the provider's redirects until it points back at the app. Answers that URL (the callback with code and state).
 */
export async function signInAtProvider(authorizationUrl: string, account: Pick<TestAccount, 'email' | 'password'> = TEST_ACCOUNT): Promise<URL> {
  const jar = new Map<string, string>()
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ')
  const remember = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';')
      const at = pair!.indexOf('=')
      jar.set(pair!.slice(0, at), pair!.slice(at + 1))
    }
  }
  let url = new URL(authorizationUrl)
  const issuerOrigin = url.origin
  let body: URLSearchParams | undefined
  for (let hop = 0; hop < 10; hop++) {
    const response = await fetch(url, { method: body ? 'POST' : 'GET', body, headers: { cookie: cookie() }, redirect: 'manual' })
    remember(response)
    body = undefined
    const location = response.headers.get('location')
    if (location) {
      url = new URL(location, url)
      if (url.origin !== issuerOrigin) return url
      continue
    }
    if (url.pathname.startsWith('/interaction/') && response.status === 200) {
      await response.text()
      body = new URLSearchParams({ email: account.email, password: account.password })
      continue
    }
    throw new Error(`the provider answered ${response.status}: ${await response.text()}`)
  }
  throw new Error('the provider redirected too often')
}
