// Operators: created and removed from the command line (server/cli.ts operator ...), signed in with name, password
// and a TOTP code (otpauth, RFC 6238). A code is good once (totp_last_step); five failed sign-ins in a row lock the
// operator for fifteen minutes. Passwords use the app's scrypt hashing (modules/password/password-hash.ts), in the
// operators' own lane.
import { and, asc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm'
import { OPERATOR_NAME, OPERATOR_PASSWORD_MIN_LENGTH, OperatorRole, type Operator, type OpsSession, type OpsSignIn } from '#contract/ops.ts'
import { AppError } from '../../app-error.ts'
import type { Db } from '../../db/client.ts'
import { hashToken, newToken } from '../../plugins/auth.ts'
import { DUMMY_HASH, hashPassword, verifyPassword } from '../password/password-hash.ts'
import { audit, CLI_ACTOR } from './audit.ts'
import { operators, operatorSessions } from './ops.table.ts'
import { newTotpSecret, totpOf, totpStep } from './totp.ts'

/** An operator's session lasts a working day. */
export const OPS_SESSION_TTL_MS = 12 * 60 * 60 * 1000
export const MAX_FAILED_SIGN_INS = 5
export const LOCK_MS = 15 * 60 * 1000

/** The signed-in operator of a request (ops-route.ts). */
export type OperatorActor = Operator & { sessionId: string }

export type NewOperator = { name: string; password: string; roles: OperatorRole[] }

/** Why these details cannot make an operator, in English for the command line; null when they can. */
export function newOperatorIssue({ name, password, roles }: NewOperator): string | null {
  if (!OPERATOR_NAME.test(name)) return 'The name is 2 to 40 characters: a-z, 0-9, ".", "_" or "-", starting with a letter or digit.'
  if (password.length < OPERATOR_PASSWORD_MIN_LENGTH || password.length > 1000) {
    return `The password needs at least ${OPERATOR_PASSWORD_MIN_LENGTH} characters.`
  }
  if (roles.length === 0 || roles.some((r) => !OperatorRole.safeParse(r).success)) {
    return `Roles: one or more of ${OperatorRole.options.join(', ')}, separated by commas.`
  }
  return null
}

/** Creates an operator; answers the TOTP secret and its otpauth:// URI (shown once, for an authenticator app). */
export async function addOperator(db: Db, details: NewOperator, issuer: string): Promise<{ operator: Operator; secret: string; uri: string }> {
  const issue = newOperatorIssue(details)
  if (issue) throw new Error(issue)
  const secret = newTotpSecret()
  const passwordHash = await hashPassword(details.password, 'operators')
  const roles = [...new Set(details.roles)]
  const operator = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(operators)
      .values({ name: details.name, passwordHash, totpSecret: secret, roles })
      .onConflictDoNothing()
      .returning({ id: operators.id, name: operators.name })
    if (!row) throw new Error(`An operator named "${details.name}" already exists.`)
    await audit(tx, CLI_ACTOR, { action: 'operators.add', subject: `operator:${row.id}`, after: { name: row.name, roles } })
    return { id: row.id, name: row.name, roles }
  })
  return { operator, secret, uri: totpOf(secret, details.name, issuer).toString() }
}

export async function removeOperator(db: Db, name: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(operators).where(eq(operators.name, name)).returning({ id: operators.id, roles: operators.roles })
    if (!row) return false
    await audit(tx, CLI_ACTOR, { action: 'operators.remove', subject: `operator:${row.id}`, before: { name, roles: row.roles } })
    return true
  })
}

/**
 * Changes an operator's roles through the database's operators_set_roles (migration 0025), the one way a role change
 * is made, in the same transaction as its audit row. Throws when no operator has the name.
 */
export async function setOperatorRoles(db: Db, name: string, roles: OperatorRole[]): Promise<OperatorRole[]> {
  const unique = [...new Set(roles)]
  if (unique.length === 0 || unique.some((r) => !OperatorRole.safeParse(r).success)) throw new Error(`Roles: one or more of ${OperatorRole.options.join(', ')}.`)
  const [row] = await db
    .select({ id: operators.id })
    .from(operators)
    .where(eq(operators.name, name))
  if (!row) throw new Error(`No operator named "${name}".`)
  // Roles are the enum's words: a PostgreSQL array literal of them needs no quoting.
  await db.execute(sql`SELECT operators_set_roles(${name}, ${`{${unique.join(',')}}`}::text[], ${CLI_ACTOR.name})`)
  return unique
}

export async function listOperators(db: Db): Promise<Array<Operator & { createdAt: Date }>> {
  const rows = await db
    .select({ id: operators.id, name: operators.name, roles: operators.roles, createdAt: operators.createdAt })
    .from(operators)
    .orderBy(asc(operators.name))
  return rows.map((r) => ({ ...r, roles: r.roles as OperatorRole[] }))
}

const failed = () => new AppError(400, 'opsSignInFailed')

/**
 * Counts a sign-in attempt as failed before the slow password check, in one UPDATE of the operator's row: parallel
 * attempts (and several server instances) queue on the row, so at most MAX_FAILED_SIGN_INS of them are ever checked
 * before the lock. The attempt that reaches the limit locks the operator at once; a success clears count and lock.
 * Throws the 429 when the operator is locked.
 */
async function countAttempt(db: Db, row: { id: string; name: string }, now: number): Promise<void> {
  const at = new Date(now)
  const reachesLimit = sql`${operators.failedSignIns} + 1 >= ${MAX_FAILED_SIGN_INS}`
  const lockedUntil = new Date(now + LOCK_MS)
  const counted = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(operators)
      .set({
        failedSignIns: sql`CASE WHEN ${reachesLimit} THEN 0 ELSE ${operators.failedSignIns} + 1 END`,
        lockedUntil: sql`CASE WHEN ${reachesLimit} THEN ${lockedUntil.toISOString()}::timestamptz ELSE NULL END`,
      })
      .where(and(eq(operators.id, row.id), or(isNull(operators.lockedUntil), lte(operators.lockedUntil, at))))
      .returning({ lockedUntil: operators.lockedUntil })
    // Someone may be guessing: admins see the lock in the audit log.
    if (claimed?.lockedUntil) {
      await audit(tx, row, { action: 'ops.locked', subject: `operator:${row.id}`, after: { lockedUntil: lockedUntil.toISOString() } })
    }
    return Boolean(claimed)
  })
  if (counted) return
  const [locked] = await db.select({ lockedUntil: operators.lockedUntil }).from(operators).where(eq(operators.id, row.id))
  const until = locked?.lockedUntil?.getTime() ?? now + LOCK_MS
  throw new AppError(429, 'opsLocked', { minutes: Math.ceil((until - now) / 60_000) })
}

export async function signInOperator(db: Db, input: OpsSignIn, now: number): Promise<OpsSession> {
  const name = input.name.trim().toLowerCase()
  const [row] = OPERATOR_NAME.test(name) ? await db.select().from(operators).where(eq(operators.name, name)) : []
  if (!row) {
    // As slow as a wrong password, so the answer's time does not tell which names exist.
    await verifyPassword(input.password, DUMMY_HASH, 'operators')
    throw failed()
  }
  await countAttempt(db, row, now)
  const passwordOk = await verifyPassword(input.password, row.passwordHash, 'operators')
  const step = totpStep(row.totpSecret, input.code, now)
  if (!passwordOk || step === null) throw failed()
  const token = newToken()
  const expiresAt = now + OPS_SESSION_TTL_MS
  const roles = row.roles as OperatorRole[]
  const sessionId = await db.transaction(async (tx) => {
    // The step moves forward once: a code seen once (or an older one) is refused, even by two sign-ins at once.
    const [claimed] = await tx
      .update(operators)
      .set({ totpLastStep: step, failedSignIns: 0, lockedUntil: null })
      .where(and(eq(operators.id, row.id), sql`${operators.totpLastStep} < ${step}`))
      .returning({ id: operators.id })
    if (!claimed) return null
    const [session] = await tx
      .insert(operatorSessions)
      .values({ tokenHash: hashToken(token), operatorId: row.id, createdAt: new Date(now), expiresAt: new Date(expiresAt) })
      .returning({ id: operatorSessions.id })
    await audit(tx, { id: row.id, name: row.name }, { action: 'ops.signIn', subject: `operator:${row.id}` })
    return session!.id
  })
  if (!sessionId) throw new AppError(400, 'opsCodeUsed')
  return { token, operator: { id: row.id, name: row.name, roles }, expiresAt }
}

/** The operator of a live session token, or null. */
export async function operatorForToken(db: Db, token: string, now: number): Promise<OperatorActor | null> {
  const [row] = await db
    .select({ id: operators.id, name: operators.name, roles: operators.roles, sessionId: operatorSessions.id })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(and(eq(operatorSessions.tokenHash, hashToken(token)), isNull(operatorSessions.revokedAt), gt(operatorSessions.expiresAt, new Date(now))))
  return row ? { ...row, roles: row.roles as OperatorRole[] } : null
}

export async function signOutOperator(db: Db, operator: OperatorActor, now: number): Promise<null> {
  await db.transaction(async (tx) => {
    await tx.update(operatorSessions).set({ revokedAt: new Date(now) }).where(eq(operatorSessions.id, operator.sessionId))
    await audit(tx, operator, { action: 'ops.signOut', subject: `operator:${operator.id}` })
  })
  return null
}
