// Google and Facebook sign-in routes (oidc.service.ts). The app asks for the provider's URL (oidcStart, or oidcLink
// when signed in) and the answer sets the flow cookie; the provider sends the browser to the callback, which always
// answers with a redirect into the app: home with a one-time sign-in code, the account's password page after linking
// (or with the reason linking failed), or the e-mail sign-in page with the reason (/pass/login?signInError=...).
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { OIDC_PROVIDERS, oidcApi, OidcProvider } from '#contract/oidc.ts'
import { route } from '../../route.ts'
import { createOidc, FLOW_TTL_MS, type CallbackOutcome } from './oidc.service.ts'

const COOKIE = 'keelson_oidc'
const COOKIE_PATH = '/api/oidc/'

/** This app's origin as the browser sees it: PUBLIC_URL's, else the request's. */
const originOf = (app: FastifyInstance, request: FastifyRequest) => app.conf.publicOrigin ?? `${request.protocol}://${request.host}`
const callbackUrl = (origin: string, provider: OidcProvider) => `${origin}/api/oidc/${provider}/callback`

/**
 * The flow's state, only for this path and this browser. SameSite=Lax, not Strict: the provider's redirect back is a
 * top-level navigation from another site, which Strict would send without it.
 */
function flowCookie(state: string, origin: string, maxAgeS: number) {
  const secure = origin.startsWith('https:') ? '; Secure' : ''
  return `${COOKIE}=${state}; Path=${COOKIE_PATH}; Max-Age=${maxAgeS}; HttpOnly; SameSite=Lax${secure}`
}

function cookie(request: FastifyRequest, wanted: string): string | null {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=')
    if (name === wanted) return value.join('=')
  }
  return null
}

function cookieState(request: FastifyRequest): string | null {
  const state = cookie(request, COOKIE)
  return state !== null && /^[A-Za-z0-9_-]{16,200}$/.test(state) ? state : null
}

function destination(outcome: CallbackOutcome): string {
  // The code leaves the address bar before it is spent (src/app/sign-in-link.ts).
  if ('signedIn' in outcome) return `/home?code=${encodeURIComponent(outcome.signedIn)}`
  if ('linked' in outcome) return `/profile/password?linked=${outcome.linked}`
  // A signed-in user who was linking stays where they started; anyone else is back at sign-in.
  return outcome.linking ? `/profile/password?linkError=${outcome.failed}` : `/pass/login?signInError=${outcome.failed}`
}

export function registerOidcRoutes(app: FastifyInstance) {
  const oidc = createOidc({ db: app.db, now: app.now, providers: app.conf.oidc, warn: (detail, message) => app.log.warn(detail, message) })
  const strict = { rateLimitMax: app.conf.rateLimit.signInMax }
  const configured = OIDC_PROVIDERS.filter((p) => app.conf.oidc[p])

  route(app, oidcApi.providers, () => [...configured])
  route(
    app,
    oidcApi.start,
    async ({ body, request, reply }) => {
      const origin = originOf(app, request)
      const { url, state } = await oidc.start(body.provider, callbackUrl(origin, body.provider), null)
      void reply.header('set-cookie', flowCookie(state, origin, FLOW_TTL_MS / 1000))
      return { url }
    },
    strict,
  )
  route(
    app,
    oidcApi.link,
    async ({ body, user, request, reply }) => {
      const origin = originOf(app, request)
      const { url, state } = await oidc.startLink(body.provider, callbackUrl(origin, body.provider), user.id, user.sessionId)
      void reply.header('set-cookie', flowCookie(state, origin, FLOW_TTL_MS / 1000))
      return { url }
    },
    strict,
  )
  route(app, oidcApi.linked, ({ user }) => oidc.linked(user.id))

  app.get<{ Params: { provider: string } }>(
    '/api/oidc/:provider/callback',
    { config: { rateLimit: { max: app.conf.rateLimit.signInMax, timeWindow: app.conf.rateLimit.timeWindowMs } } },
    async (request, reply) => {
      const provider = OidcProvider.safeParse(request.params.provider)
      const origin = originOf(app, request)
      const outcome: CallbackOutcome = provider.success
        ? // The invite link's cookie (src/lib/invite-cookie.ts), which the app otherwise sends as a header: a first
          // sign-in binds that inviter, as every sign-up does.
          await oidc.callback(provider.data, new URL(request.url, origin), cookieState(request), cookie(request, 'invitecode'))
        : { failed: 'failed', detail: 'unknown provider' }
      if ('failed' in outcome) request.log.info({ provider: request.params.provider, refused: outcome.failed, detail: outcome.detail }, 'oidc callback refused')
      return reply
        .header('cache-control', 'no-store')
        .header('set-cookie', flowCookie('', origin, 0))
        .redirect(destination(outcome), 303)
    },
  )
}
