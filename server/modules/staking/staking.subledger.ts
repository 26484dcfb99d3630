// Node staking's account of its part of the ledger, checked beside conservation (server/ledger/reconcile.ts): each
// user's staking account holds exactly the amount of their open pledges. What pledges may still be paid is earmarked
// in the earn reserve and checked with the Smart plans' earmark (server/modules/earn/earn.subledger.ts).
import { sql } from 'drizzle-orm'
import type { Subledger, SubledgerMismatch } from '../../ledger/reconcile.ts'
import { trim } from '../../ledger/reconcile.ts'

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows

export const stakingSubledger: Subledger = {
  name: 'staking: amounts committed',
  mismatches: async (handle) => {
    const rows = rowsOf<{ owner: string; book: string; currency: string; held: string; balance: string }>(
      await handle.execute(sql`
        WITH held AS (
          SELECT user_id::text AS owner, book, currency, sum(principal) AS held FROM staking_pledges
          WHERE status IN ('collecting', 'active') GROUP BY 1, 2, 3
        ), acc AS (
          SELECT owner_id::text AS owner, book, currency, sum(balance) AS balance FROM accounts WHERE kind = 'staking' GROUP BY 1, 2, 3
        )
        SELECT coalesce(h.owner, a.owner) AS owner, coalesce(h.book, a.book) AS book, coalesce(h.currency, a.currency) AS currency,
          coalesce(h.held, 0)::text AS held, coalesce(a.balance, 0)::text AS balance
        FROM held h FULL JOIN acc a ON a.owner = h.owner AND a.book = h.book AND a.currency = h.currency
        WHERE coalesce(h.held, 0) <> coalesce(a.balance, 0)`),
    )
    return rows.map((r): SubledgerMismatch => ({ ownerId: r.owner, book: r.book, currency: r.currency, held: trim(r.held), balance: trim(r.balance) }))
  },
}
