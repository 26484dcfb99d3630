// Bearer tokens: random, handed out once by a sign-in, stored only as a sha256 hash, valid until revoked or until
// sessionTtlMs (SESSION_TTL_DAYS, 30 by default) after the sign-in.
import { createHash, randomBytes } from 'node:crypto'
import { and, eq, gt, isNull } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { AccountType } from '#contract/auth.ts'
import { AppError } from '../app-error.ts'
import type { Db } from '../db/client.ts'
import { sessions, users } from '../modules/auth/auth.table.ts'

export type AuthUser = {
  id: string
  /** Null for a user who registered by e-mail. */
  address: string | null
  email: string | null
  accountType: AccountType
  createdAt: Date
  sessionId: string
}

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

/** The token's user, if the token was issued after `issuedAfter` and is not revoked. */
export async function userForToken(db: Db, token: string, issuedAfter: Date): Promise<AuthUser | null> {
  if (!TOKEN_SHAPE.test(token)) return null
  const rows = await db
    .select({
      id: users.id,
      address: users.address,
      email: users.email,
      accountType: users.accountType,
      createdAt: users.createdAt,
      sessionId: sessions.id,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt), gt(sessions.createdAt, issuedAfter)))
    .limit(1)
  return rows[0] ?? null
}

/** The signed-in user of this request, or a 401 in the envelope. */
export async function requireUser(db: Db, request: FastifyRequest, issuedAfter: Date): Promise<AuthUser> {
  const token = tokenFromRequest(request)
  const user = token ? await userForToken(db, token, issuedAfter) : null
  if (!user) throw new AppError(401, 'unauthorized')
  return user
}
