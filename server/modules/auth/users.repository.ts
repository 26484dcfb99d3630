// The auth module owns users and sessions; every other module reads and changes them only through these functions,
// never through auth.table.ts (docs/conventions.md: a module owns its tables). Table files may still name users.id in a
// foreign key: that is the database's rule, not a query.
import { and, count, desc, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm'
import type { AccountType } from '#contract/auth.ts'
import type { Db } from '../../db/client.ts'
import type { AuthUser } from '../../plugins/auth.ts'
import { sessions, users } from './auth.table.ts'

/** A transaction handle or the database: both run the same queries. */
export type Conn = Db | Parameters<Parameters<Db['transaction']>[0]>[0]

export async function userIdByEmail(db: Conn, email: string): Promise<string | null> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email))
  return row?.id ?? null
}

/** `address` in its EIP-55 spelling, as stored. */
export async function userIdByAddress(db: Conn, address: string): Promise<string | null> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.address, address))
  return row?.id ?? null
}

/** Many addresses at once (the chain follower's senders), EIP-55 spelled: address -> user id, for those that are users. */
export async function userIdsByAddresses(db: Conn, addresses: string[]): Promise<Map<string, string>> {
  if (addresses.length === 0) return new Map()
  const rows = await db.select({ id: users.id, address: users.address }).from(users).where(inArray(users.address, [...new Set(addresses)]))
  return new Map(rows.map((r) => [r.address!, r.id]))
}

/** How operators recognise users: each id's wallet address, else its e-mail. */
export async function userLabels(db: Conn, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map()
  const rows = await db.select({ id: users.id, address: users.address, email: users.email }).from(users).where(inArray(users.id, [...new Set(ids)]))
  return new Map(rows.map((r) => [r.id, r.address ?? r.email ?? r.id]))
}

/** A new e-mail user's id, or null when the e-mail (lower-cased) is taken. */
export async function insertEmailUser(db: Conn, email: string, createdAt: Date): Promise<string | null> {
  const [created] = await db.insert(users).values({ email, createdAt }).onConflictDoNothing({ target: users.email }).returning({ id: users.id })
  return created?.id ?? null
}

/** A new user with neither wallet nor e-mail: one who came through Google or Facebook (modules/oidc). */
export async function insertProviderUser(db: Conn, createdAt: Date): Promise<string> {
  const [created] = await db.insert(users).values({ createdAt }).returning({ id: users.id })
  return created!.id
}

/** When a session began: linking a provider asks for a sign-in this recent (modules/oidc). */
export async function sessionCreatedAt(db: Conn, sessionId: string): Promise<Date | null> {
  const [row] = await db.select({ createdAt: sessions.createdAt }).from(sessions).where(eq(sessions.id, sessionId))
  return row?.createdAt ?? null
}

/** The wallet's user, created on its first sign-in (`created` says so). */
export async function upsertWalletUser(db: Conn, address: string, createdAt: Date): Promise<{ id: string; created: boolean }> {
  const created = await db.insert(users).values({ address, createdAt }).onConflictDoNothing({ target: users.address }).returning({ id: users.id })
  if (created[0]) return { id: created[0].id, created: true }
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.address, address))
  return { id: existing!.id, created: false }
}

/** Callers also tell the session cache (app.hub.userChanged), so other processes stop answering the old book. */
export async function setAccountType(db: Conn, userId: string, accountType: AccountType): Promise<void> {
  await db.update(users).set({ accountType }).where(eq(users.id, userId))
}

/** Ends sessions of a user (all, or all but `except`); answers their ids, for app.hub.revokeSession. */
export async function revokeUserSessions(db: Conn, userId: string, at: Date, except?: string): Promise<string[]> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), except ? ne(sessions.id, except) : undefined))
    .returning({ id: sessions.id })
  return revoked.map((s) => s.id)
}

/** Ends one session; false when it had already ended. */
export async function revokeSession(db: Conn, sessionId: string, at: Date): Promise<boolean> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id })
  return revoked.length > 0
}

export async function insertSession(db: Conn, tokenHash: string, userId: string, createdAt: Date): Promise<void> {
  await db.insert(sessions).values({ tokenHash, userId, createdAt })
}

/** The signed-in user (plugins/auth.ts) and when their session began. */
export type SessionRow = AuthUser & { sessionCreatedAt: Date }

/** The live session with this token hash and its user: not revoked, issued after `issuedAfter`. */
export async function sessionByTokenHash(db: Conn, tokenHash: string, issuedAfter: Date): Promise<SessionRow | null> {
  const [row] = await db
    .select({
      id: users.id,
      address: users.address,
      email: users.email,
      accountType: users.accountType,
      createdAt: users.createdAt,
      sessionId: sessions.id,
      sessionCreatedAt: sessions.createdAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.createdAt, issuedAfter)))
    .limit(1)
  return row ?? null
}

/** Which of these sessions are still live: the sockets' periodic re-check, one query for all of a process. */
export async function liveSessionIds(db: Conn, sessionIds: string[], issuedAfter: Date): Promise<Set<string>> {
  if (sessionIds.length === 0) return new Set()
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(inArray(sessions.id, sessionIds), isNull(sessions.revokedAt), gt(sessions.createdAt, issuedAfter)))
  return new Set(rows.map((r) => r.id))
}

export type UserRow = { id: string; address: string | null; email: string | null; accountType: AccountType; createdAt: Date }

const userColumns = { id: users.id, address: users.address, email: users.email, accountType: users.accountType, createdAt: users.createdAt }

/**
 * Users for the operator console, newest first: `q` finds an id (exactly), part of a wallet address or of an e-mail
 * (any case); empty finds everyone.
 */
export async function searchUsers(db: Conn, q: string, limit: number, offset: number): Promise<{ rows: UserRow[]; total: number }> {
  const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  const isId = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(q)
  const where = q === '' ? undefined : isId ? eq(users.id, q) : or(sql`lower(${users.address}) LIKE ${pattern}`, sql`${users.email} LIKE ${pattern}`)
  const [rows, [total]] = await Promise.all([
    db.select(userColumns).from(users).where(where).orderBy(desc(users.createdAt), desc(users.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(users).where(where),
  ])
  return { rows, total: total?.n ?? 0 }
}

export async function userById(db: Conn, id: string): Promise<UserRow | null> {
  const [row] = await db.select(userColumns).from(users).where(eq(users.id, id))
  return row ?? null
}

/** A user's sessions, newest first (the last `limit`); live = not revoked and issued after `issuedAfter`. */
export async function sessionsOfUser(db: Conn, userId: string, issuedAfter: Date, limit = 50) {
  const rows = await db
    .select({ id: sessions.id, createdAt: sessions.createdAt, revokedAt: sessions.revokedAt })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.createdAt))
    .limit(limit)
  return rows.map((r) => ({ ...r, live: r.revokedAt === null && r.createdAt > issuedAfter }))
}

/** Ends one session of this user; false when it is not theirs or had already ended. */
export async function revokeSessionOf(db: Conn, userId: string, sessionId: string, at: Date): Promise<boolean> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id })
  return revoked.length > 0
}
