// E-mailed one-time codes: 6 digits, stored hashed, valid 10 minutes, used once, dead after 5 wrong guesses; only
// the newest code of an e-mail and purpose counts. A 6-digit code is no secret against someone holding the table
// (10^6 guesses), so the hash only keeps codes out of casual reads and backups; the guess limit, the expiry and
// the per-IP rate limit are what protect an account.
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import {
  EMAIL_CODE_LENGTH,
  EMAIL_CODE_MAX_ATTEMPTS,
  EMAIL_CODE_RESEND_MS,
  EMAIL_CODE_TTL_MS,
  type EmailCodePurpose,
} from '#contract/password.ts'
import { AppError } from '../../app-error.ts'
import type { Db } from '../../db/client.ts'
import { emailCodes } from './password.table.ts'

const digest = (salt: string, code: string) => createHash('sha256').update(`${salt}:${code}`).digest()

function hashCode(code: string): string {
  const salt = randomBytes(16).toString('base64url')
  return `${salt}$${digest(salt, code).toString('hex')}`
}

function codeMatches(code: string, stored: string): boolean {
  const [salt, hex] = stored.split('$')
  if (!salt || !hex) return false
  const expected = Buffer.from(hex, 'hex')
  const actual = digest(salt, code)
  return expected.length === actual.length && timingSafeEqual(expected, actual)
}

/** A new code for the e-mail and purpose; earlier ones stop working. 429 if one was issued under a minute ago. */
export async function issueCode(db: Db, email: string, purpose: EmailCodePurpose, at: number): Promise<string> {
  const [latest] = await db
    .select({ createdAt: emailCodes.createdAt })
    .from(emailCodes)
    .where(and(eq(emailCodes.email, email), eq(emailCodes.purpose, purpose)))
    .orderBy(desc(emailCodes.createdAt))
    .limit(1)
  if (latest && at - latest.createdAt.getTime() < EMAIL_CODE_RESEND_MS) throw new AppError(429, 'codeTooSoon')
  const code = String(randomInt(0, 10 ** EMAIL_CODE_LENGTH)).padStart(EMAIL_CODE_LENGTH, '0')
  await db.transaction(async (tx) => {
    await tx
      .update(emailCodes)
      .set({ usedAt: new Date(at) })
      .where(and(eq(emailCodes.email, email), eq(emailCodes.purpose, purpose), isNull(emailCodes.usedAt)))
    await tx.insert(emailCodes).values({
      email,
      purpose,
      codeHash: hashCode(code),
      createdAt: new Date(at),
      expiresAt: new Date(at + EMAIL_CODE_TTL_MS),
    })
  })
  return code
}

/**
 * Uses up the code or throws 400. Every try is counted before the comparison, in one conditional UPDATE, so
 * parallel guesses cannot get past the limit; the statements run outside any transaction, so a refused try stays
 * counted.
 */
export async function consumeCode(db: Db, email: string, purpose: EmailCodePurpose, code: string, at: number): Promise<void> {
  const now = new Date(at)
  const [current] = await db
    .select({ id: emailCodes.id })
    .from(emailCodes)
    .where(and(eq(emailCodes.email, email), eq(emailCodes.purpose, purpose), isNull(emailCodes.usedAt), gt(emailCodes.expiresAt, now)))
    .orderBy(desc(emailCodes.createdAt))
    .limit(1)
  if (!current) throw new AppError(400, 'codeInvalid')
  const [tried] = await db
    .update(emailCodes)
    .set({ attempts: sql`${emailCodes.attempts} + 1` })
    .where(and(eq(emailCodes.id, current.id), isNull(emailCodes.usedAt), lt(emailCodes.attempts, EMAIL_CODE_MAX_ATTEMPTS)))
    .returning({ codeHash: emailCodes.codeHash })
  if (!tried) throw new AppError(400, 'codeAttempts')
  if (!codeMatches(code, tried.codeHash)) throw new AppError(400, 'codeInvalid')
  const [used] = await db
    .update(emailCodes)
    .set({ usedAt: now })
    .where(and(eq(emailCodes.id, current.id), isNull(emailCodes.usedAt)))
    .returning({ id: emailCodes.id })
  // Another request with the same code won the race.
  if (!used) throw new AppError(400, 'codeInvalid')
}
