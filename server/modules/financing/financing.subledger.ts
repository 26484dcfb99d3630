// The financing module's account of its part of the ledger, checked beside conservation (server/ledger/reconcile.ts):
// each user's financing account holds exactly the principal of their running orders. The earmarked reserve they
// share with Smart plans is checked by the earn sub-ledger, which counts running orders' interest.
import { sql } from 'drizzle-orm'
import type { Subledger, SubledgerMismatch } from '../../ledger/reconcile.ts'
import { trim } from '../../ledger/reconcile.ts'

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows

export const financingSubledger: Subledger = {
  name: 'financing: principal held',
  mismatches: async (handle) => {
    const rows = rowsOf<{ owner: string; book: string; currency: string; held: string; balance: string }>(
      await handle.execute(sql`
        WITH held AS (
          SELECT user_id::text AS owner, book, currency, sum(principal) AS held FROM financing_orders WHERE status = 'running' GROUP BY 1, 2, 3
        ), acc AS (
          SELECT owner_id::text AS owner, book, currency, sum(balance) AS balance FROM accounts WHERE kind = 'financing' GROUP BY 1, 2, 3
        )
        SELECT coalesce(h.owner, a.owner) AS owner, coalesce(h.book, a.book) AS book, coalesce(h.currency, a.currency) AS currency,
          coalesce(h.held, 0)::text AS held, coalesce(a.balance, 0)::text AS balance
        FROM held h FULL JOIN acc a ON a.owner = h.owner AND a.book = h.book AND a.currency = h.currency
        WHERE coalesce(h.held, 0) <> coalesce(a.balance, 0)`),
    )
    return rows.map((r): SubledgerMismatch => ({ ownerId: r.owner, book: r.book, currency: r.currency, held: trim(r.held), balance: trim(r.balance) }))
  },
}
