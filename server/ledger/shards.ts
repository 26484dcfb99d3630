// House accounts in shards (0026_house_shards.sql, docs/trading-account.md): each system account kind is HOUSE_SHARDS
// rows per currency and book, and a posting's house legs go to its user's shard. Postings of users on different
// shards then lock different house rows, so their transactions never wait for each other there; a house balance is
// the sum of its shards. Any count is correct (a posting only picks a row); changing it leaves the old rows counted.
// The count is the app's (HOUSE_SHARDS, AppOptions.houseShards), kept per database (server/db/per-database.ts), not
// per process: two apps in one process (tests, the CLI) each post with their own.
import { perDatabase } from '../db/per-database.ts'
import type { DbOrTx } from './types.ts'

export const DEFAULT_HOUSE_SHARDS = 8
/** Shards are smallint in the database; far more than any pool could keep busy. */
export const MAX_HOUSE_SHARDS = 256

const countOf = perDatabase(() => ({ shards: DEFAULT_HOUSE_SHARDS }))

/** The database's shard count (HOUSE_SHARDS, set by buildApp on the database it opened; DEFAULT_HOUSE_SHARDS until). */
export function setHouseShards(handle: DbOrTx, count: number): void {
  if (!Number.isInteger(count) || count < 1 || count > MAX_HOUSE_SHARDS) throw new Error(`HOUSE_SHARDS must be 1 to ${MAX_HOUSE_SHARDS}, got ${count}`)
  countOf(handle).shards = count
}

export const houseShards = (handle: DbOrTx): number => countOf(handle).shards

/** The user's house shard: FNV-1a of the id, so every process sends a user's postings to the same rows. No user
 * (an operator's posting to the house alone): shard 0. */
export function houseShardOf(handle: DbOrTx, userId: string | null | undefined): number {
  const shards = houseShards(handle)
  if (!userId || shards === 1) return 0
  let hash = 0x811c9dc5
  for (let i = 0; i < userId.length; i++) {
    hash ^= userId.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return (hash >>> 0) % shards
}
