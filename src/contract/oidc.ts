// Google and Facebook sign-in (docs/api.md, "Sign-in with Google or Facebook"): OpenID Connect's authorization code
// flow with PKCE, run by the server. The app asks where to send the browser; the provider sends it back to the
// server's callback, which answers with a redirect into the app carrying a one-time sign-in code (authApi).
import * as z from 'zod/mini'
import type { Endpoint } from './endpoint.ts'

export const OIDC_PROVIDERS = ['google', 'facebook'] as const
export const OidcProvider = z.enum(OIDC_PROVIDERS)
export type OidcProvider = z.infer<typeof OidcProvider>

/** A signed-in user links a provider only within this long after signing in with their wallet or password. */
export const OIDC_LINK_FRESH_MS = 10 * 60 * 1000

/** Why the callback sent the browser back without signing in: `?signInError=` on /pass/login. */
export const OIDC_FAILURES = ['failed', 'cancelled', 'taken'] as const
export type OidcFailure = (typeof OIDC_FAILURES)[number]

export const OidcStart = z.object({ provider: OidcProvider })
export type OidcStart = z.infer<typeof OidcStart>

/** Where to send the browser: the provider's authorization URL. */
export const OidcRedirect = z.object({ url: z.string() })
export type OidcRedirect = z.infer<typeof OidcRedirect>

export const oidcApi = {
  /** The providers this server is configured for; empty hides every social button. */
  providers: { method: 'GET', path: '/oidcProviders', data: z.array(OidcProvider), auth: false },
  /** Sign in (or sign up) with a provider. */
  start: { method: 'POST', path: '/oidcStart', body: OidcStart, data: OidcRedirect, auth: false },
  /** Link a provider to the signed-in account; needs a sign-in within OIDC_LINK_FRESH_MS. */
  link: { method: 'POST', path: '/oidcLink', body: OidcStart, data: OidcRedirect, auth: true },
  /** The providers linked to the signed-in account. */
  linked: { method: 'GET', path: '/oidcLinked', data: z.array(OidcProvider), auth: true },
} as const satisfies Record<string, Endpoint>
