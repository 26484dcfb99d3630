// Sending addresses (docs/api.md, "Sending addresses"): a user proves an address besides their sign-in wallet by
// signing a one-time message with it (EIP-191 personal_sign; smart wallets through ETH_RPC_URL, as at sign-in). The
// message is stored when issued and names the platform, the user's id, the address, a random nonce and its expiry;
// it is used once, by that user, for that address. Proven addresses join provenAddresses (deposits.service.ts), so a
// claim of a transfer from one is credited when the chain check passes; removing one stops that for later claims.
// Rows are never deleted (removal stamps removed_at) and keep the signed message and signature as evidence.
import { randomBytes } from 'node:crypto'
import { and, asc, count, eq, isNull, lt, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Hex } from 'viem'
import type { ProveSendingAddress, SendingAddress, SendingAddressChallenge, SendingAddresses } from '#contract/sending-addresses.ts'
import { AppError } from '../../app-error.ts'
import type { Db } from '../../db/client.ts'
import { checksummed } from '../auth/auth.service.ts'
import type { VerifySignature } from '../auth/signature.ts'
import { userById } from '../auth/users.repository.ts'
import { sendingAddressChallenges, sendingAddresses } from './funds.table.ts'

/** How long a message stays signable: room to copy it to a hardware wallet and back. */
export const CHALLENGE_TTL_MS = 15 * 60 * 1000

type Row = typeof sendingAddresses.$inferSelect
const toItem = (row: Row): SendingAddress => ({ address: row.address, addedAt: row.createdAt.getTime() })

const active = (userId: string) => and(eq(sendingAddresses.userId, userId), isNull(sendingAddresses.removedAt))
const sameAddress = (address: string) => sql`lower(${sendingAddresses.address}) = ${address.toLowerCase()}`

/** The active added addresses of a user, oldest first (EIP-55). */
export async function addedAddresses(db: Db, userId: string): Promise<string[]> {
  const rows = await db.select({ address: sendingAddresses.address }).from(sendingAddresses).where(active(userId)).orderBy(asc(sendingAddresses.id))
  return rows.map((r) => r.address)
}

export async function listSendingAddresses(app: FastifyInstance, userId: string): Promise<SendingAddresses> {
  const [user, rows] = await Promise.all([
    userById(app.db, userId),
    app.db.select().from(sendingAddresses).where(active(userId)).orderBy(asc(sendingAddresses.id)),
  ])
  return { wallet: user?.address ?? null, list: rows.map(toItem), max: app.conf.sendingAddressesMax }
}

/** The text the address signs. Plain lines a wallet shows as they are; the server keeps it, so its wording is free. */
export function challengeMessage(p: { platform: string; userId: string; address: string; nonce: string; expiresAt: number }) {
  return [
    `${p.platform}: I hold this address and send deposits to my account from it.`,
    '',
    `Address: ${p.address}`,
    `Account: ${p.userId}`,
    `Nonce: ${p.nonce}`,
    `Expires: ${new Date(p.expiresAt).toISOString()}`,
  ].join('\n')
}

async function refuseUnaddable(app: FastifyInstance, userId: string, address: string) {
  const user = await userById(app.db, userId)
  if (user?.address && user.address.toLowerCase() === address.toLowerCase()) throw new AppError(400, 'sendingAddressIsWallet')
  const [existing] = await app.db.select({ id: sendingAddresses.id }).from(sendingAddresses).where(and(active(userId), sameAddress(address)))
  if (existing) throw new AppError(409, 'sendingAddressAlready')
  const [added] = await app.db.select({ n: count() }).from(sendingAddresses).where(active(userId))
  if ((added?.n ?? 0) >= app.conf.sendingAddressesMax) throw new AppError(400, 'sendingAddressLimit', { max: app.conf.sendingAddressesMax })
}

/** /sendingAddressChallenge: a new one-time message for this user and address. */
export async function issueChallenge(app: FastifyInstance, userId: string, input: string): Promise<SendingAddressChallenge> {
  const address = checksummed(input)
  await refuseUnaddable(app, userId, address)
  const now = app.now()
  // Expired messages can never pass again; dropping them keeps the table as small as the last minutes.
  await app.db.delete(sendingAddressChallenges).where(lt(sendingAddressChallenges.expiresAt, new Date(now)))
  const nonce = randomBytes(16).toString('hex')
  const expiresAt = now + CHALLENGE_TTL_MS
  const message = challengeMessage({ platform: app.conf.platformName, userId, address, nonce, expiresAt })
  await app.db.insert(sendingAddressChallenges).values({ nonce, userId, address, message, expiresAt: new Date(expiresAt) })
  return { address, message, nonce, expiresAt }
}

/**
 * /addSendingAddress. Refusals are 400s that say what to do: a nonce not issued to this user for this address, an
 * expired or used message, a signature by another address. Sending the same proof again after it was accepted (a
 * retry after a lost answer) answers the same address instead of "used".
 */
export async function proveSendingAddress(app: FastifyInstance, verify: VerifySignature, userId: string, body: ProveSendingAddress): Promise<SendingAddress> {
  const address = checksummed(body.address)
  const [challenge] = await app.db
    .select()
    .from(sendingAddressChallenges)
    .where(and(eq(sendingAddressChallenges.nonce, body.nonce), eq(sendingAddressChallenges.userId, userId)))
  if (!challenge || challenge.address.toLowerCase() !== address.toLowerCase()) throw new AppError(400, 'sendingChallengeUnknown')
  if (challenge.usedAt) {
    const [done] = await app.db.select().from(sendingAddresses).where(and(active(userId), eq(sendingAddresses.nonce, body.nonce)))
    if (done && done.signature === body.signature.toLowerCase()) return toItem(done)
    throw new AppError(400, 'sendingChallengeUsed')
  }
  if (challenge.expiresAt.getTime() <= app.now()) throw new AppError(400, 'sendingChallengeExpired')
  if (!(await verify(address, challenge.message, body.signature as Hex))) throw new AppError(400, 'sendingSignatureInvalid', { address })

  const row = await app.db.transaction(async (tx) => {
    // One user's additions one at a time, so the limit holds when two arrive together.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`sending:${userId}`}, 7351006))`)
    const used = await tx
      .update(sendingAddressChallenges)
      .set({ usedAt: new Date(app.now()) })
      .where(and(eq(sendingAddressChallenges.nonce, body.nonce), isNull(sendingAddressChallenges.usedAt)))
      .returning({ nonce: sendingAddressChallenges.nonce })
    if (used.length === 0) throw new AppError(400, 'sendingChallengeUsed')
    const [existing] = await tx.select().from(sendingAddresses).where(and(active(userId), sameAddress(address)))
    if (existing) return existing
    const [added] = await tx.select({ n: count() }).from(sendingAddresses).where(active(userId))
    if ((added?.n ?? 0) >= app.conf.sendingAddressesMax) throw new AppError(400, 'sendingAddressLimit', { max: app.conf.sendingAddressesMax })
    const [inserted] = await tx
      .insert(sendingAddresses)
      .values({ userId, address, nonce: body.nonce, message: challenge.message, signature: body.signature.toLowerCase(), createdAt: new Date(app.now()) })
      .returning()
    return inserted!
  })
  app.log.info({ userId, address, nonce: body.nonce }, 'sending address proven')
  return toItem(row)
}

/** /removeSendingAddress: later claims from it wait for an operator again. */
export async function removeSendingAddress(app: FastifyInstance, userId: string, input: string): Promise<{ removed: boolean }> {
  const address = checksummed(input)
  const gone = await app.db
    .update(sendingAddresses)
    .set({ removedAt: new Date(app.now()) })
    .where(and(active(userId), sameAddress(address)))
    .returning({ id: sendingAddresses.id })
  if (gone.length > 0) app.log.info({ userId, address }, 'sending address removed')
  return { removed: gone.length > 0 }
}

export type SenderProof = 'wallet' | 'added' | 'none'

/** For the console: is each deposit's sender, as things stand now, the user's sign-in wallet, an added address, or
 * neither (null when the sender is not known). One read per user on the page. */
export async function senderProofs(db: Db, rows: readonly { userId: string; fromAddress: string | null }[]): Promise<(SenderProof | null)[]> {
  const users = [...new Set(rows.filter((r) => r.fromAddress).map((r) => r.userId))]
  const known = new Map(
    await Promise.all(
      users.map(async (id) => {
        const [user, added] = await Promise.all([userById(db, id), addedAddresses(db, id)])
        return [id, { wallet: user?.address?.toLowerCase() ?? null, added: new Set(added.map((a) => a.toLowerCase())) }] as const
      }),
    ),
  )
  return rows.map((r) => {
    const of = known.get(r.userId)
    if (!r.fromAddress || !of) return null
    const from = r.fromAddress.toLowerCase()
    return from === of.wallet ? 'wallet' : of.added.has(from) ? 'added' : 'none'
  })
}
