// Password hashing with scrypt (memory-hard, in node:crypto). Stored as a self-describing string
// `scrypt$<N>$<r>$<p>$<salt b64url>$<hash b64url>`, so the cost can be raised later without breaking old hashes.
// The hashing itself runs on hash-pool.ts's threads, never on libuv's pool that serves files. Users and operators
// hash in lanes of their own: anonymous sign-ins that fill the users' lane never keep an operator waiting.
import { randomBytes, timingSafeEqual } from 'node:crypto'
import { createHashPool } from './hash-pool.ts'

/** N = 2^15, r = 8, p = 1: 32 MiB per hash (128 * N * r), about 50-100 ms on a server core. */
const PARAMS = { N: 2 ** 15, r: 8, p: 1 }
const SALT_BYTES = 16
const KEY_BYTES = 32
/** Node's default maxmem (32 MiB) is exactly the need and scrypt refuses at the limit; double it. */
const maxmemFor = (N: number, r: number) => 2 * 128 * N * r + 1024 * 1024

/** Whose password: users (sign-up, sign-in, changes) or operators (the console's sign-in, the CLI). */
export type HashLane = 'users' | 'operators'

/** Operators are few: one thread, and a short queue, is their whole lane. */
const lanes: Record<HashLane, ReturnType<typeof createHashPool>> = { users: createHashPool(), operators: createHashPool(1, 16) }

/** Hashes started in this process; tests read it to prove a refusal came before any hashing. */
export const hashStats = { started: 0 }

function derive(lane: HashLane, password: string, salt: Buffer, N: number, r: number, p: number): Promise<Buffer> {
  hashStats.started++
  return lanes[lane].derive({ password: password.normalize('NFKC'), salt, keyBytes: KEY_BYTES, N, r, p, maxmem: maxmemFor(N, r) })
}

export async function hashPassword(password: string, lane: HashLane = 'users'): Promise<string> {
  const salt = randomBytes(SALT_BYTES)
  const key = await derive(lane, password, salt, PARAMS.N, PARAMS.r, PARAMS.p)
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$')
}

// Stored hashes are ours, but a damaged row must not let a huge N exhaust memory: only sane parameters are run.
const STORED = /^scrypt\$(\d{1,7})\$(\d{1,2})\$(\d)\$([A-Za-z0-9_-]{16,64})\$([A-Za-z0-9_-]{32,128})$/

export async function verifyPassword(password: string, stored: string, lane: HashLane = 'users'): Promise<boolean> {
  const match = STORED.exec(stored)
  if (!match) return false
  const [N, r, p] = [Number(match[1]), Number(match[2]), Number(match[3])]
  if (N > 2 ** 20 || r > 32 || p > 4) return false
  const expected = Buffer.from(match[5]!, 'base64url')
  const key = await derive(lane, password, Buffer.from(match[4]!, 'base64url'), N, r, p)
  return key.length === expected.length && timingSafeEqual(key, expected)
}

/**
 * Checked when the e-mail is unknown, so that answer takes as long as a wrong password. Random bytes in the stored
 * shape: checking it costs one full hash, and no password can match it.
 */
export const DUMMY_HASH = ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, randomBytes(SALT_BYTES).toString('base64url'), randomBytes(KEY_BYTES).toString('base64url')].join('$')
