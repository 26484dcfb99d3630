// Accounts are opened before a posting, in a statement of their own, never inside the posting's lock section:
// ledger_post_batch then only looks accounts up and locks them in id order, so two postings wait for each other but
// never deadlock. On the Db the statement commits at once (autocommit); inside a caller's transaction it joins it.
// Opening is idempotent (ON CONFLICT DO NOTHING), in one fixed order so two openers never wait on each other in a
// cycle either. An opened account stays even if its posting is refused: an empty account changes no balance.
import { sql } from 'drizzle-orm'
import type { ItemLeg } from './legs.ts'
import type { DbOrTx } from './types.ts'

type Spec = { owner: string | null; currency: string; book: string; kind: string; shard: number }

const keyOf = (s: Spec) => `${s.owner ?? ''}|${s.currency}|${s.book}|${s.kind}|${s.shard}`
const specOf = (leg: ItemLeg): Spec | null =>
  leg.account !== null || leg.book === null || leg.kind === null
    ? null
    : { owner: leg.owner, currency: leg.currency, book: leg.book, kind: leg.kind, shard: leg.shard ?? 0 }

/**
 * Opens the accounts the legs name by what they are. `known` (per Db) remembers accounts already seen to exist;
 * accounts are never deleted, so it never lies, and a posting on known accounts costs no extra round trip.
 */
export async function openAccounts(handle: DbOrTx, legs: ItemLeg[], known?: Set<string>): Promise<void> {
  const wanted = new Map<string, Spec>()
  for (const leg of legs) {
    const spec = specOf(leg)
    if (!spec) continue
    const key = keyOf(spec)
    if (!known?.has(key)) wanted.set(key, spec)
  }
  if (wanted.size === 0) return
  const specs = [...wanted.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, spec]) => spec)
  await handle.execute(sql`
    INSERT INTO accounts (owner_id, currency, book, kind, shard)
      SELECT s.owner, s.currency, s.book, s.kind, s.shard
      FROM jsonb_to_recordset(${JSON.stringify(specs)}::jsonb) AS s(owner uuid, currency text, book text, kind text, shard smallint)
    ON CONFLICT DO NOTHING`)
  if (known) for (const key of wanted.keys()) known.add(key)
}

/** Forgets the legs' accounts (after db-errors.ts isMissingAccount), so the next posting on them opens them again. */
export function forgetAccounts(legs: ItemLeg[], known: Set<string>): void {
  for (const leg of legs) {
    const spec = specOf(leg)
    if (spec) known.delete(keyOf(spec))
  }
}
