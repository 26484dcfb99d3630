// E-mail sign-in (src/contract/password.ts): register with an e-mailed code, log in, recover, change the password.
//
// Status codes: invalid input and a wrong password are 400 — also a wrong e-mail or password at login, answered
// identically ('wrong e-mail or password') whether or not the e-mail is registered. Never 401 here: the app treats
// a 401 as "the session is gone, sign again", which is wrong for a form that is itself the sign-in (and, on
// /updatePwd, would sign the user out for a typo). 409 for state conflicts (e-mail taken, a wallet-only account).
import { and, eq, gt, isNull } from 'drizzle-orm'
import {
  codeIssue,
  emailIssue,
  normalizeEmail,
  passwordIssue,
  RESET_TICKET_TTL_MS,
  type EmailCodeQuery,
  type Login,
  type Register,
  type ResetCheckQuery,
  type ResetPassword,
  type ResetTicket,
  type UpdatePassword,
} from '#contract/password.ts'
import type { ServerMessageKey } from '#contract/server-messages.ts'
import { AppError } from '../../app-error.ts'
import type { Db } from '../../db/client.ts'
import { hashToken, newToken, type AuthUser } from '../../plugins/auth.ts'
import type { Translate } from '../../plugins/i18n.ts'
import { insertEmailUser, revokeUserSessions, userIdByEmail } from '../auth/users.repository.ts'
import { createSession } from '../auth/auth.service.ts'
import { onUserCreated } from '../users/on-user-created.ts'
import { consumeCode, issueCode } from './email-code.ts'
import type { Mailer } from './mailer.ts'
import { DUMMY_HASH, hashPassword, verifyPassword } from './password-hash.ts'
import { passwordResetTickets, userPasswords } from './password.table.ts'

export type PasswordDeps = { db: Db; now: () => number; mailer: Mailer; translate: Translate }

/** The shared checks of the contract, as a 400 with the same reason the app shows. */
function refuse(...issues: Array<ServerMessageKey | null>) {
  const issue = issues.find((i) => i !== null)
  if (issue) throw new AppError(400, issue)
}

/**
 * Mails a code. The answer is the same whether or not the address has an account, so nobody can test which
 * addresses do; only the mail differs, and only the mailbox's owner reads it: registering a known address mails
 * "you already have an account" instead of a code, recovering an unknown one mails nothing.
 */
export async function sendEmailCode(deps: PasswordDeps, query: EmailCodeQuery, language: string | undefined): Promise<null> {
  refuse(emailIssue(query.email))
  const email = normalizeEmail(query.email)
  const userId = await userIdByEmail(deps.db, email)
  // A code row is stored in every case, so the resend limit answers alike for everyone; a code nobody was sent
  // is never used.
  const code = await issueCode(deps.db, email, query.purpose, deps.now())
  if (query.purpose === 'reset' && !userId) return null
  const taken = query.purpose === 'register' && userId !== null
  const subject = taken ? deps.translate(language, 'mailTakenSubject') : deps.translate(language, 'mailCodeSubject', { code })
  const text = taken ? deps.translate(language, 'mailTakenBody') : deps.translate(language, 'mailCodeBody', { code })
  // Not awaited: an SMTP round trip only for registered e-mails would tell them apart by timing. A failure is
  // logged; the user asks again after the resend delay.
  void deps.mailer.send({ to: email, subject, text }).catch((error: unknown) => deps.mailer.onError(error))
  return null
}

export async function register(deps: PasswordDeps, input: Register, inviteHeader: unknown): Promise<string> {
  refuse(emailIssue(input.email), passwordIssue(input.password), codeIssue(input.code))
  const email = normalizeEmail(input.email)
  const at = deps.now()
  await consumeCode(deps.db, email, 'register', input.code.trim(), at)
  const passwordHash = await hashPassword(input.password)
  const createdAt = new Date(at)
  const { userId, token } = await deps.db.transaction(async (tx) => {
    const userId = await insertEmailUser(tx, email, createdAt)
    if (!userId) throw new AppError(409, 'emailTaken')
    await tx.insert(userPasswords).values({ userId, passwordHash, updatedAt: createdAt })
    return { userId, token: await createSession(tx, userId, createdAt) }
  })
  // The same first-sign-in steps as the wallet's, after the commit: inviter, welcome message, demo funds.
  await onUserCreated({ db: deps.db }, userId, { inviteCode: input.inviteCode ?? inviteHeader })
  return token
}

export async function login(deps: PasswordDeps, input: Login): Promise<string> {
  refuse(emailIssue(input.email), input.password === '' ? 'enterPassword' : null)
  // Both queries run for an unknown e-mail too (the nil id matches nothing), so it answers as fast as a known one.
  const userId = await userIdByEmail(deps.db, normalizeEmail(input.email))
  const [row] = await deps.db
    .select({ id: userPasswords.userId, passwordHash: userPasswords.passwordHash })
    .from(userPasswords)
    .where(eq(userPasswords.userId, userId ?? '00000000-0000-0000-0000-000000000000'))
  // An unknown e-mail still costs one scrypt, so the answer takes as long as for a wrong password.
  const matches = await verifyPassword(input.password, row?.passwordHash ?? DUMMY_HASH)
  if (!row || !matches) throw new AppError(400, 'wrongCredentials')
  return createSession(deps.db, row.id, new Date(deps.now()))
}

export async function checkResetCode(deps: PasswordDeps, query: ResetCheckQuery): Promise<ResetTicket> {
  refuse(emailIssue(query.email), codeIssue(query.code))
  const email = normalizeEmail(query.email)
  const at = deps.now()
  await consumeCode(deps.db, email, 'reset', query.code.trim(), at)
  const userId = await userIdByEmail(deps.db, email)
  if (!userId) throw new AppError(400, 'codeInvalid')
  const ticket = newToken()
  const expiresAt = at + RESET_TICKET_TTL_MS
  await deps.db.insert(passwordResetTickets).values({ ticketHash: hashToken(ticket), userId, expiresAt: new Date(expiresAt) })
  return { ticket, expiresAt }
}

/**
 * Sets the new password and ends every session of the account (whoever knew the old one is out). The ticket is
 * looked up before the password is hashed, so a flood of made-up tickets costs no scrypt; it is used up after,
 * in the transaction, where a parallel request that used it first wins.
 */
export async function resetPassword(deps: PasswordDeps, input: ResetPassword): Promise<string[]> {
  refuse(passwordIssue(input.password))
  const at = new Date(deps.now())
  const usable = and(
    eq(passwordResetTickets.ticketHash, hashToken(input.ticket)),
    isNull(passwordResetTickets.usedAt),
    gt(passwordResetTickets.expiresAt, at),
  )
  const [found] = await deps.db.select({ userId: passwordResetTickets.userId }).from(passwordResetTickets).where(usable)
  if (!found) throw new AppError(400, 'ticketInvalid')
  const passwordHash = await hashPassword(input.password)
  return deps.db.transaction(async (tx) => {
    const [ticket] = await tx.update(passwordResetTickets).set({ usedAt: at }).where(usable).returning({ userId: passwordResetTickets.userId })
    if (!ticket) throw new AppError(400, 'ticketInvalid')
    await tx
      .insert(userPasswords)
      .values({ userId: ticket.userId, passwordHash, updatedAt: at })
      .onConflictDoUpdate({ target: userPasswords.userId, set: { passwordHash, updatedAt: at } })
    return revokeUserSessions(tx, ticket.userId, at)
  })
}

/** Changes the password; the user's other sessions end, the one that asked stays. */
export async function updatePassword(deps: PasswordDeps, user: AuthUser, input: UpdatePassword): Promise<string[]> {
  refuse(input.oldPassword === '' ? 'enterPassword' : null, passwordIssue(input.newPassword))
  const [row] = await deps.db.select({ hash: userPasswords.passwordHash }).from(userPasswords).where(eq(userPasswords.userId, user.id))
  if (!row) throw new AppError(409, 'noPassword')
  if (!(await verifyPassword(input.oldPassword, row.hash))) throw new AppError(400, 'wrongOldPassword')
  const passwordHash = await hashPassword(input.newPassword)
  const at = new Date(deps.now())
  return deps.db.transaction(async (tx) => {
    await tx.update(userPasswords).set({ passwordHash, updatedAt: at }).where(eq(userPasswords.userId, user.id))
    return revokeUserSessions(tx, user.id, at, user.sessionId)
  })
}
