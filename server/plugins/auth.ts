// Bearer tokens: random, handed out once by a sign-in, stored only as a sha256 hash, valid until revoked or until
// sessionTtlMs (SESSION_TTL_DAYS, 30 by default) after the sign-in. A signed-in request is resolved through the
// process's session cache (modules/auth/session-cache.ts), so the hot path asks the database once every few seconds
// per token, not on every request.
import { createHash, randomBytes } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { AccountType } from '#contract/auth.ts'
import { AppError } from '../app-error.ts'
import type { Db } from '../db/client.ts'
import type { SessionCache } from '../modules/auth/session-cache.ts'
import { sessionByTokenHash } from '../modules/auth/users.repository.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** Live sessions of this process, cleared by revocations from any process (hub.ts). */
    sessionCache: SessionCache
  }
}

export type AuthUser = {
  id: string
  /** Null for a user who registered by e-mail. */
  address: string | null
  email: string | null
  accountType: AccountType
  createdAt: Date
  sessionId: string
}

/** The user and when their session began (the socket checks its expiry without asking the database). */
export type AuthSession = { user: AuthUser; sessionCreatedAt: number }

/** 32 random bytes, base64url: 43 characters. */
export const newToken = () => randomBytes(32).toString('base64url')

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

// Anything else cannot be a token we issued, so it is refused without asking the database.
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{16,200}$/

/** The token from `Authorization: <token>` or `Authorization: Bearer <token>`. */
export function tokenFromRequest(request: FastifyRequest): string | null {
  const header = request.headers.authorization
  if (typeof header !== 'string') return null
  const token = header.replace(/^Bearer\s+/i, '').trim()
  return TOKEN_SHAPE.test(token) ? token : null
}

/** Tokens issued before this time have expired. */
export const tokensIssuedAfter = (app: FastifyInstance) => new Date(app.now() - app.conf.sessionTtlMs)

/** The token's session, if it was issued after `issuedAfter` and is not revoked; cached when a cache is given. */
export async function sessionForToken(db: Db, token: string, issuedAfter: Date, cache?: SessionCache): Promise<AuthSession | null> {
  if (!TOKEN_SHAPE.test(token)) return null
  const hash = hashToken(token)
  const hit = cache?.get(hash)
  if (hit) return hit.sessionCreatedAt > issuedAfter.getTime() ? hit : null
  const revision = cache?.revision()
  const row = await sessionByTokenHash(db, hash, issuedAfter)
  if (!row) return null
  const { sessionCreatedAt, ...user } = row
  cache?.set(hash, user, sessionCreatedAt.getTime(), revision!)
  return { user, sessionCreatedAt: sessionCreatedAt.getTime() }
}

/** The token's user, if the token was issued after `issuedAfter` and is not revoked. */
export async function userForToken(db: Db, token: string, issuedAfter: Date, cache?: SessionCache): Promise<AuthUser | null> {
  return (await sessionForToken(db, token, issuedAfter, cache))?.user ?? null
}

/** The signed-in user of this request, or a 401 in the envelope. Goes through the app's session cache. */
export async function requireUser(db: Db, request: FastifyRequest, issuedAfter: Date): Promise<AuthUser> {
  const token = tokenFromRequest(request)
  const user = token ? await userForToken(db, token, issuedAfter, request.server.sessionCache) : null
  if (!user) throw new AppError(401, 'unauthorized')
  return user
}
