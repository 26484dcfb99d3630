// Invite codes and inviters; the rule for naming an inviter is documented in src/contract/invite.ts.
import { randomInt } from 'node:crypto'
import { count, eq, sql } from 'drizzle-orm'
import { INVITE_ALPHABET, INVITE_CODE_LENGTH, InviteCode, type UserInviteCode } from '#contract/invite.ts'
import { AppError } from '../../app-error.ts'
import type { Db } from '../../db/client.ts'
import { invitations, inviteCodes } from './invite.table.ts'

/** A transaction handle or the database: both run the same queries. */
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
type Conn = Db | Tx

/** Arbitrary constant naming "inviter changes" among advisory locks: two users naming each other at the same
 * moment could otherwise both pass the cycle check. Naming an inviter is rare, so one lock for all costs nothing. */
const INVITER_LOCK_KEY = 7_305_114

export function newInviteCode(): string {
  let code = ''
  for (let i = 0; i < INVITE_CODE_LENGTH; i++) code += INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)]
  return code
}

/** The user's code, created on first ask. A collision with another user's code (31^8 codes) just draws again. */
export async function ensureInviteCode(db: Conn, userId: string): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const [existing] = await db.select({ code: inviteCodes.code }).from(inviteCodes).where(eq(inviteCodes.userId, userId))
    if (existing) return existing.code
    await db.insert(inviteCodes).values({ userId, code: newInviteCode() }).onConflictDoNothing()
  }
  throw new Error('could not create an invite code')
}

export async function userInviteCode(db: Db, userId: string, origin: string): Promise<UserInviteCode> {
  const inviteCode = await ensureInviteCode(db, userId)
  const [row] = await db.select({ n: count() }).from(invitations).where(eq(invitations.inviterId, userId))
  return { inviteCode, inviteUrl: `${origin}/?invite=${inviteCode}`, invitedCount: row?.n ?? 0 }
}

async function userIdForCode(db: Conn, code: string): Promise<string | null> {
  const [row] = await db.select({ userId: inviteCodes.userId }).from(inviteCodes).where(eq(inviteCodes.code, code))
  return row?.userId ?? null
}

/**
 * First sign-in: the `invitecode` header names the inviter (users/on-user-created.ts, right after the user's creation
 * commits). A brand-new user has no invitees, so no cycle is possible and no lock is needed: nobody can name them as
 * inviter before their sign-in answers its token, which comes after this. A malformed or unknown code is ignored.
 */
export async function bindInviterAtSignUp(tx: Tx, userId: string, header: unknown): Promise<void> {
  const parsed = InviteCode.safeParse(header)
  if (!parsed.success) return
  const inviterId = await userIdForCode(tx, parsed.data)
  if (!inviterId || inviterId === userId) return
  await tx.insert(invitations).values({ inviteeId: userId, inviterId }).onConflictDoNothing()
}

/** updateUpLevel: name an inviter afterwards, under the rule in src/contract/invite.ts. */
export async function applyInviteCode(db: Db, userId: string, code: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${INVITER_LOCK_KEY})`)
    const [current] = await tx.select({ id: invitations.inviterId }).from(invitations).where(eq(invitations.inviteeId, userId))
    if (current) throw new AppError(409, 'inviterAlreadySet')
    const inviterId = await userIdForCode(tx, code)
    if (!inviterId) throw new AppError(409, 'inviteCodeUnknown')
    if (inviterId === userId) throw new AppError(409, 'inviteCodeOwn')
    // Walk up from the inviter; meeting the user there means the user (directly or not) invited the inviter.
    // Both drivers (node-postgres, PGlite) answer raw SQL with { rows }; the shared Db type does not say so.
    const chain = (await tx.execute(sql`
      WITH RECURSIVE chain(id) AS (
        SELECT ${invitations.inviterId} FROM ${invitations} WHERE ${invitations.inviteeId} = ${inviterId}
        UNION
        SELECT i.inviter_id FROM ${invitations} i JOIN chain c ON i.invitee_id = c.id
      )
      SELECT 1 AS found FROM chain WHERE id = ${userId} LIMIT 1`)) as unknown as { rows: unknown[] }
    if (chain.rows.length > 0) throw new AppError(409, 'inviteCodeCycle')
    await tx.insert(invitations).values({ inviteeId: userId, inviterId })
  })
}
