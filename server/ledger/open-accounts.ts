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

/** Accounts seen to exist, by what they are, with their id: accounts are never deleted, so an id stays true. */
export type KnownAccounts = Map<string, string>

/**
 * Opens the accounts the legs name by what they are. `known` (per Db) remembers accounts already seen to exist and
 * their ids: a posting on known accounts costs no extra round trip, and its legs name them by id (withIds), so
 * ledger_post_batch locks them without looking each up by what it is.
 */
export async function openAccounts(handle: DbOrTx, legs: ItemLeg[], known?: KnownAccounts): Promise<void> {
  const wanted = new Map<string, Spec>()
  for (const leg of legs) {
    const spec = specOf(leg)
    if (!spec) continue
    const key = keyOf(spec)
    if (!known?.has(key)) wanted.set(key, spec)
  }
  if (wanted.size === 0) return
  const specs = [...wanted.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, spec]) => spec)
  // The ids of the accounts opened now and of those there already. One opened meanwhile by a transaction that
  // committed after this statement began is in neither (its INSERT does nothing, and this statement's snapshot does not
  // see it): it stays unknown, and its leg is looked up by what it is.
  const result = await handle.execute(sql`
    WITH s AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(specs)}::jsonb) AS s(owner uuid, currency text, book text, kind text, shard smallint)
    ), opened AS (
      INSERT INTO accounts (owner_id, currency, book, kind, shard) SELECT s.owner, s.currency, s.book, s.kind, s.shard FROM s
      ON CONFLICT DO NOTHING
      RETURNING id, owner_id, currency, book, kind, shard
    )
    SELECT id, owner_id, currency, book, kind, shard FROM opened
    UNION ALL
    SELECT a.id, a.owner_id, a.currency, a.book, a.kind, a.shard FROM s CROSS JOIN LATERAL (
      SELECT * FROM accounts a WHERE a.owner_id = s.owner
        AND a.currency = s.currency AND a.book = s.book AND a.kind = s.kind AND a.shard = s.shard
      UNION ALL
      SELECT * FROM accounts a WHERE s.owner IS NULL AND a.owner_id IS NULL
        AND a.currency = s.currency AND a.book = s.book AND a.kind = s.kind AND a.shard = s.shard
    ) a`)
  if (!known) return
  type Row = { id: string; owner_id: string | null; currency: string; book: string; kind: string; shard: number }
  for (const r of (result as unknown as { rows: Row[] }).rows) {
    known.set(keyOf({ owner: r.owner_id, currency: r.currency, book: r.book, kind: r.kind, shard: Number(r.shard) }), r.id)
  }
}

/** The legs as ledger_post_batch reads them: by id where `known` has their account, else as they are. */
export function withIds(legs: ItemLeg[], known: KnownAccounts): (ItemLeg | Pick<ItemLeg, 'account' | 'currency' | 'amount'>)[] {
  return legs.map((leg) => {
    const spec = specOf(leg)
    const id = spec && known.get(keyOf(spec))
    return id ? { account: id, currency: leg.currency, amount: leg.amount } : leg
  })
}

/** Forgets the legs' accounts (after db-errors.ts isMissingAccount), so the next posting on them opens them again. */
export function forgetAccounts(legs: ItemLeg[], known: KnownAccounts): void {
  for (const leg of legs) {
    const spec = specOf(leg)
    if (spec) known.delete(keyOf(spec))
  }
}
