// Google and Facebook sign-in (docs/api.md, "Sign-in with Google or Facebook"): OpenID Connect's authorization code
// flow with PKCE, `state` and `nonce`, through openid-client. The flow's secrets wait in oidc_flows under the hash
// of the state, which the browser also holds in a cookie: a callback is accepted once, from the browser that
// started it, within FLOW_TTL_MS. The provider's identity (issuer + subject) names the account; an e-mail never does.
import * as client from 'openid-client'
import { and, eq, lt } from 'drizzle-orm'
import { OIDC_LINK_FRESH_MS, type OidcFailure, type OidcProvider } from '#contract/oidc.ts'
import { AppError } from '../../app-error.ts'
import type { Db } from '../../db/client.ts'
import type { OidcProviderConfig } from '../../options.ts'
import { hashToken } from '../../plugins/auth.ts'
import { insertProviderUser, sessionCreatedAt } from '../auth/users.repository.ts'
import { createLoginCode } from '../auth/login-code.ts'
import { onUserCreated } from '../users/on-user-created.ts'
import { oidcFlows, userIdentities } from './oidc.table.ts'

/** How long a user has at the provider's page before the sign-in must start again. */
export const FLOW_TTL_MS = 10 * 60 * 1000
/** Seconds openid-client waits for a provider (discovery, token endpoint): less than the app's 8 s. */
const PROVIDER_TIMEOUT_S = 6
const SCOPE = 'openid email'

export type OidcDeps = {
  db: Db
  now: () => number
  providers: Partial<Record<OidcProvider, OidcProviderConfig>>
  /** Why a provider cannot be used (its discovery failed, or it offers no code flow), for the operator. */
  warn?: (detail: object, message: string) => void
}

/**
 * The code flow needs a token endpoint and the `code` response type. Facebook's own discovery document lists only the
 * implicit flow (`id_token`) and no token endpoint: it is refused here, before anyone is sent to Facebook and back
 * for nothing (docs/operations.md, "Sign-in with Google or Facebook").
 */
export function offersCodeFlow(metadata: { token_endpoint?: string | undefined; response_types_supported?: string[] | undefined }): boolean {
  return Boolean(metadata.token_endpoint) && (metadata.response_types_supported ?? ['code']).includes('code')
}

/** Where the callback sends the browser: signed in (a one-time code, see login-code.ts), linked, or refused. */
export type CallbackOutcome = { signedIn: string } | { linked: OidcProvider } | { failed: OidcFailure; detail: string; linking?: boolean }

/** A refusal the callback turns into a redirect, never a 5xx. */
class Refusal extends Error {
  readonly reason: OidcFailure
  constructor(reason: OidcFailure, detail?: unknown) {
    super(detail instanceof Error ? detail.message : (detail as string | undefined) ?? reason)
    this.reason = reason
  }
}

export function createOidc(deps: OidcDeps) {
  // One discovery per provider and process, made on first use (nothing is asked of a provider at start, so a server
  // without internet starts); a failed one is forgotten and tried again next time.
  const configs = new Map<OidcProvider, Promise<client.Configuration>>()

  function configOf(provider: OidcProvider): Promise<client.Configuration> {
    const settings = deps.providers[provider]
    if (!settings) throw new AppError(404, 'oidcNotConfigured')
    let config = configs.get(provider)
    if (!config) {
      const issuer = new URL(settings.issuer)
      // Plain http only for a provider on this machine (env.ts refuses any other): the tests' local provider.
      const execute = issuer.protocol === 'http:' ? [client.allowInsecureRequests] : []
      config = client
        .discovery(issuer, settings.clientId, undefined, client.ClientSecretPost(settings.clientSecret), {
          execute,
          timeout: PROVIDER_TIMEOUT_S,
        })
        .then((found) => {
          const metadata = found.serverMetadata()
          if (!offersCodeFlow(metadata)) {
            throw new Error(`no authorization code flow (response types: ${(metadata.response_types_supported ?? []).join(', ')}; token endpoint: ${metadata.token_endpoint ?? 'none'})`)
          }
          return found
        })
      configs.set(provider, config)
      config.catch((error: unknown) => {
        configs.delete(provider)
        deps.warn?.({ provider, issuer: settings.issuer, reason: error instanceof Error ? error.message : String(error) }, 'oidc provider unusable')
      })
    }
    return config.catch(() => {
      throw new AppError(500, 'oidcUnavailable')
    })
  }

  /** The provider's authorization URL for a new flow, and the state the browser keeps in its cookie. */
  async function start(provider: OidcProvider, redirectUri: string, linkUserId: string | null): Promise<{ url: string; state: string }> {
    const config = await configOf(provider)
    const state = client.randomState()
    const nonce = client.randomNonce()
    const codeVerifier = client.randomPKCECodeVerifier()
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: SCOPE,
      state,
      nonce,
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
    })
    const expiresAt = new Date(deps.now() + FLOW_TTL_MS)
    await deps.db.insert(oidcFlows).values({ stateHash: hashToken(state), provider, nonce, codeVerifier, linkUserId, expiresAt })
    return { url: url.href, state }
  }

  /** Linking needs proof that the account's owner is here now: a sign-in within OIDC_LINK_FRESH_MS. */
  async function startLink(provider: OidcProvider, redirectUri: string, userId: string, sessionId: string) {
    if (!deps.providers[provider]) throw new AppError(404, 'oidcNotConfigured')
    const signedInAt = await sessionCreatedAt(deps.db, sessionId)
    if (!signedInAt || deps.now() - signedInAt.getTime() > OIDC_LINK_FRESH_MS) throw new AppError(403, 'oidcSignInAgain')
    return start(provider, redirectUri, userId)
  }

  /**
   * The provider sent the browser back to `currentUrl`. `cookieState` is the state this browser was given at the
   * start; the flow it names is used up here, whatever the outcome, so neither it nor its code works twice.
   */
  async function callback(provider: OidcProvider, currentUrl: URL, cookieState: string | null, inviteCode?: string | null): Promise<CallbackOutcome> {
    let linking = false
    try {
      if (!cookieState) throw new Refusal('failed', 'no flow cookie')
      const [flow] = await deps.db
        .delete(oidcFlows)
        .where(and(eq(oidcFlows.stateHash, hashToken(cookieState)), eq(oidcFlows.provider, provider)))
        .returning()
      if (!flow || flow.expiresAt.getTime() <= deps.now()) throw new Refusal('failed', 'no such flow, used or expired')
      linking = flow.linkUserId !== null
      if (currentUrl.searchParams.get('error') === 'access_denied') throw new Refusal('cancelled')
      const config = await configOf(provider).catch((error: unknown) => {
        throw new Refusal('failed', error)
      })
      // Checks the returned state against this browser's, the issuer, the ID token's signature, audience, expiry
      // and nonce; the code is redeemed with the PKCE verifier, so a code stolen on the way is useless.
      const tokens = await client
        .authorizationCodeGrant(config, currentUrl, { pkceCodeVerifier: flow.codeVerifier, expectedState: cookieState, expectedNonce: flow.nonce, idTokenExpected: true })
        .catch((error: unknown) => {
          throw new Refusal('failed', error)
        })
      const claims = tokens.claims()
      if (!claims) throw new Refusal('failed', 'no ID token')
      const identity = { issuer: claims.iss, subject: claims.sub, provider }
      if (flow.linkUserId) return await link(identity, flow.linkUserId)
      return { signedIn: await signIn(identity, inviteCode ?? undefined) }
    } catch (error) {
      if (error instanceof Refusal) return { failed: error.reason, detail: error.message, linking }
      throw error
    }
  }

  type Identity = { issuer: string; subject: string; provider: OidcProvider }
  const sameIdentity = (i: Identity) => and(eq(userIdentities.issuer, i.issuer), eq(userIdentities.subject, i.subject))

  /** The identity's user, created (with its own demo book, welcome and all) on its first sign-in. */
  async function signIn(identity: Identity, inviteCode: string | undefined): Promise<string> {
    const at = new Date(deps.now())
    const user = await deps.db.transaction(async (tx) => {
      const [known] = await tx.select({ userId: userIdentities.userId }).from(userIdentities).where(sameIdentity(identity))
      if (known) return { id: known.userId, created: false }
      const id = await insertProviderUser(tx, at)
      // A parallel first sign-in of the same identity inserted first: this one rolls back and is refused.
      const inserted = await tx.insert(userIdentities).values({ ...identity, userId: id, createdAt: at }).onConflictDoNothing().returning({ id: userIdentities.userId })
      if (inserted.length === 0) throw new Refusal('failed', 'a parallel first sign-in')
      return { id, created: true }
    })
    if (user.created) await onUserCreated({ db: deps.db }, user.id, { inviteCode })
    return createLoginCode(deps.db, user.id, deps.now())
  }

  async function link(identity: Identity, userId: string): Promise<CallbackOutcome> {
    const inserted = await deps.db
      .insert(userIdentities)
      .values({ ...identity, userId, createdAt: new Date(deps.now()) })
      .onConflictDoNothing()
      .returning({ userId: userIdentities.userId })
    if (inserted.length > 0) return { linked: identity.provider }
    // Already linked: fine if to this account, refused if to another (that person signs in with it instead).
    const [known] = await deps.db.select({ userId: userIdentities.userId }).from(userIdentities).where(sameIdentity(identity))
    return known?.userId === userId ? { linked: identity.provider } : { failed: 'taken', detail: 'linked to another account', linking: true }
  }

  async function linked(userId: string): Promise<OidcProvider[]> {
    const rows = await deps.db.select({ provider: userIdentities.provider }).from(userIdentities).where(eq(userIdentities.userId, userId))
    return [...new Set(rows.map((r) => r.provider as OidcProvider))].filter((p) => p in deps.providers).sort()
  }

  return { start, startLink, callback, linked }
}

/** Forgets flows nobody finished: they can never be used. */
export async function pruneOidcFlows(db: Db, now: number): Promise<number> {
  const gone = await db.delete(oidcFlows).where(lt(oidcFlows.expiresAt, new Date(now))).returning({ hash: oidcFlows.stateHash })
  return gone.length
}
