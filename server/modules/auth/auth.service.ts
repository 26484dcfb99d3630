// Wallet sign-in (docs/api.md, "Sign-in"): the exact message, a fresh timestamp, a signature by the address, used once.
import { createHash } from 'node:crypto'
import { lt } from 'drizzle-orm'
import { checksum } from 'ox/Address'
import type { Address, Hex } from 'viem'
import { signInMessage, SIGN_IN_FUTURE_SLACK_MS, SIGN_IN_WINDOW_MS, type AccountInfo, type CheckSign } from '#contract/auth.ts'
import { AppError } from '../../app-error.ts'
import type { Db } from '../../db/client.ts'
import { hashToken, newToken, type AuthUser } from '../../plugins/auth.ts'
import type { VerifySignature } from './signature.ts'
import { usedSignatures } from './auth.table.ts'
import { insertSession, revokeSession, upsertWalletUser, type Conn } from './users.repository.ts'
import { onUserCreated } from '../users/on-user-created.ts'

type Deps = { db: Db; now: () => number; verify: VerifySignature }

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

/**
 * The EIP-55 spelling of an address. All lower or all upper case carries no checksum and is accepted; mixed case
 * is a checksum, and one that does not match means the address was mistyped or altered, so it is refused (400)
 * rather than silently "corrected" to another spelling of what may be someone else's address.
 */
export function checksummed(address: string): Address {
  const hex = address.slice(2)
  const canonical = checksum(address)
  if (hex !== hex.toLowerCase() && hex !== hex.toUpperCase() && canonical !== address) {
    throw new AppError(400, 'invalidInput', { field: 'address' })
  }
  return canonical
}

/**
 * Status codes: a request that is not the sign-in message is malformed (400); everything that makes an otherwise
 * well-formed signature unacceptable — expired, from the future, not by the address, already used — is 401.
 */
export async function signIn({ db, now, verify }: Deps, input: CheckSign, inviteCode?: unknown): Promise<string> {
  if (input.message !== signInMessage(input.timeStamp)) throw new AppError(400, 'signMessageWrong')
  const at = now()
  if (at - input.timeStamp > SIGN_IN_WINDOW_MS) throw new AppError(401, 'signExpired')
  if (input.timeStamp - at > SIGN_IN_FUTURE_SLACK_MS) throw new AppError(401, 'signFuture')
  const address = checksummed(input.address)
  if (!(await verify(address, input.message, input.sign as Hex))) throw new AppError(401, 'signInvalid')

  const token = newToken()
  const createdAt = new Date(at)
  const user = await db.transaction(async (tx) => {
    // Recording the signature in the same transaction as the session makes "used once" hold under concurrency:
    // a second request with it waits for the first to commit, then conflicts.
    const recorded = await tx
      .insert(usedSignatures)
      .values({ signatureHash: sha256(input.sign.toLowerCase()), address, signedAt: input.timeStamp, usedAt: createdAt })
      .onConflictDoNothing()
      .returning({ hash: usedSignatures.signatureHash })
    if (recorded.length === 0) throw new AppError(401, 'signReused')

    // The first sign-in creates the user, on the demo book.
    const user = await upsertWalletUser(tx, address, createdAt)
    await insertSession(tx, hashToken(token), user.id, createdAt)
    return user
  })
  // Inviter, welcome message and demo funds, after the commit and before the token is answered (users/on-user-created.ts).
  if (user.created) await onUserCreated({ db }, user.id, { inviteCode })
  return token
}

/** How long past the sign-in window a used signature is kept: room for clocks of instances that disagree. */
export const USED_SIGNATURE_MARGIN_MS = 10 * 60 * 1000

/**
 * Forgets used signatures that can never pass again: their signed time is past the sign-in window, so the expiry
 * check refuses them before the used-once check is reached. Keeps used_signatures as small as the last minutes.
 */
export async function pruneUsedSignatures(db: Db, now: number): Promise<number> {
  const cutoff = now - SIGN_IN_WINDOW_MS - USED_SIGNATURE_MARGIN_MS
  const gone = await db.delete(usedSignatures).where(lt(usedSignatures.signedAt, cutoff)).returning({ hash: usedSignatures.signatureHash })
  return gone.length
}

export async function signOut(db: Db, now: () => number, user: AuthUser): Promise<void> {
  await revokeSession(db, user.sessionId, new Date(now()))
}

export const accountInfo = (user: AuthUser): AccountInfo => ({
  id: user.id,
  address: user.address,
  email: user.email,
  accountType: user.accountType,
  createdAt: user.createdAt.getTime(),
})

/** A new session for a user: the token to hand out once; only its hash is stored. E-mail sign-in
 * (modules/password) issues its tokens here, so they are the same tokens as the wallet's. */
export async function createSession(db: Conn, userId: string, createdAt: Date): Promise<string> {
  const token = newToken()
  await insertSession(db, hashToken(token), userId, createdAt)
  return token
}
