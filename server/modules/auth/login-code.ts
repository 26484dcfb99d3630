// One-time sign-in codes: where a redirect must sign a user in (an e-mail link, OAuth later), it carries one of
// these instead of a token, so no token ever travels in a URL (browser history, proxy logs, the Referer header).
// The app exchanges the code with a POST (authApi.exchangeLoginCode) within LOGIN_CODE_TTL_MS; it works once.
import { eq, lt } from 'drizzle-orm'
import { LOGIN_CODE_TTL_MS } from '#contract/auth.ts'
import { AppError } from '../../app-error.ts'
import type { Db } from '../../db/client.ts'
import { hashToken, newToken } from '../../plugins/auth.ts'
import { loginCodes } from './auth.table.ts'
import { createSession } from './auth.service.ts'
import type { Conn } from './users.repository.ts'

/** A new code for the user, good once within LOGIN_CODE_TTL_MS of `now`. Only its hash is stored. */
export async function createLoginCode(db: Conn, userId: string, now = Date.now()): Promise<string> {
  const code = newToken()
  await db.insert(loginCodes).values({
    codeHash: hashToken(code),
    userId,
    createdAt: new Date(now),
    expiresAt: new Date(now + LOGIN_CODE_TTL_MS),
  })
  return code
}

/**
 * The code's new session token. Deleting the row is what uses the code up: of two requests racing with one code,
 * the second waits for the first to commit and then finds nothing. Unknown, used and expired codes are alike: 401.
 */
export async function exchangeLoginCode(db: Db, code: string, now: number): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(loginCodes)
      .where(eq(loginCodes.codeHash, hashToken(code)))
      .returning({ userId: loginCodes.userId, expiresAt: loginCodes.expiresAt })
    if (!row || row.expiresAt.getTime() <= now) throw new AppError(401, 'loginCodeInvalid')
    return createSession(tx, row.userId, new Date(now))
  })
}

/** Forgets codes that expired: none can be used, and the table stays as small as the last minute. */
export async function pruneLoginCodes(db: Db, now: number): Promise<number> {
  const gone = await db.delete(loginCodes).where(lt(loginCodes.expiresAt, new Date(now))).returning({ hash: loginCodes.codeHash })
  return gone.length
}
