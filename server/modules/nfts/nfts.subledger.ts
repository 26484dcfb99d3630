// The auctions' sub-ledgers, checked by reconciliation beside conservation (orders.subledger.ts reconcileBooks):
// - each user's live `bids` account holds exactly the amounts of their leading bids;
// - each charity's donations account holds exactly the sale amounts of its sold items.
import { sql } from 'drizzle-orm'
import { trim, type Subledger, type SubledgerMismatch } from '../../ledger/reconcile.ts'
import type { DbOrTx } from '../../ledger/types.ts'

type Row = { owner_id: string; book: string; currency: string; held: string; balance: string }
const mismatchesOf = (result: unknown): SubledgerMismatch[] =>
  (result as { rows: Row[] }).rows.map((r) => ({ ownerId: r.owner_id, book: r.book, currency: r.currency, held: trim(r.held), balance: trim(r.balance) }))

export const bidsSubledger: Subledger = {
  name: 'held by NFT bids',
  async mismatches(handle: DbOrTx) {
    return mismatchesOf(
      await handle.execute(sql`
        WITH held AS (
          SELECT b.user_id, i.currency, sum(b.amount) AS held FROM nft_bids b JOIN nft_items i ON i.id = b.item_id
          WHERE b.status = 'leading' GROUP BY b.user_id, i.currency
        ), acc AS (SELECT owner_id AS user_id, currency, balance FROM accounts WHERE kind = 'bids' AND owner_id IS NOT NULL)
        SELECT coalesce(h.user_id, a.user_id)::text AS owner_id, 'live' AS book, coalesce(h.currency, a.currency) AS currency,
               coalesce(h.held, 0)::text AS held, coalesce(a.balance, 0)::text AS balance
        FROM held h FULL JOIN acc a ON a.user_id = h.user_id AND a.currency = h.currency
        WHERE coalesce(h.held, 0) <> coalesce(a.balance, 0) LIMIT 1000`),
    )
  },
}

export const donationsSubledger: Subledger = {
  name: 'donated to charities',
  async mismatches(handle: DbOrTx) {
    return mismatchesOf(
      await handle.execute(sql`
        WITH sold AS (
          SELECT charity_id, currency, sum(sale_amount) AS held FROM nft_items WHERE status = 'sold' GROUP BY charity_id, currency
        ), acc AS (
          SELECT shard AS charity_id, currency, sum(balance) AS balance FROM accounts
          WHERE owner_id IS NULL AND book = 'live' AND kind = 'donations' GROUP BY shard, currency
        )
        SELECT 'charity:' || coalesce(s.charity_id, a.charity_id)::text AS owner_id, 'live' AS book, coalesce(s.currency, a.currency) AS currency,
               coalesce(s.held, 0)::text AS held, coalesce(a.balance, 0)::text AS balance
        FROM sold s FULL JOIN acc a ON a.charity_id = s.charity_id AND a.currency = s.currency
        WHERE coalesce(s.held, 0) <> coalesce(a.balance, 0) LIMIT 1000`),
    )
  },
}
