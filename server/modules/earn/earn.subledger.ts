// The earn module's account of its part of the ledger, checked beside conservation (server/ledger/reconcile.ts):
// each user's earn account holds exactly the principal of their running plans, and each book's earmarked reserve
// exactly what running plans may still pay (earmark − paid) plus the interest of running financing orders.
import { sql } from 'drizzle-orm'
import type { Subledger, SubledgerMismatch } from '../../ledger/reconcile.ts'
import { trim } from '../../ledger/reconcile.ts'

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows

export const earnSubledger: Subledger = {
  name: 'earn: principal held and reserve earmarked',
  mismatches: async (handle) => {
    const rows = rowsOf<{ owner: string; book: string; currency: string; held: string; balance: string }>(
      await handle.execute(sql`
        WITH parts AS (
          SELECT user_id::text AS owner, book, currency, sum(principal) AS held FROM earn_orders WHERE status = 'running' GROUP BY 1, 2, 3
          UNION ALL
          SELECT 'earn_earmarked', book, currency, sum(earmark) FROM (
            SELECT book, currency, earmark - paid AS earmark FROM earn_orders WHERE status = 'running'
            -- node staking's open pledges earmark from the same reserve (server/modules/staking)
            UNION ALL SELECT book, currency, earmark - paid FROM staking_pledges WHERE status IN ('collecting', 'active')
            -- Financing (server/modules/financing) earmarks a running order's whole interest from the same reserve.
            UNION ALL SELECT book, currency, interest FROM financing_orders WHERE status = 'running'
          ) e GROUP BY 2, 3
        ), held AS (
          SELECT owner, book, currency, sum(held) AS held FROM parts GROUP BY 1, 2, 3
        ), acc AS (
          SELECT coalesce(owner_id::text, kind) AS owner, book, currency, sum(balance) AS balance FROM accounts
          WHERE kind = 'earn' OR (owner_id IS NULL AND kind = 'earn_earmarked') GROUP BY 1, 2, 3
        )
        SELECT coalesce(h.owner, a.owner) AS owner, coalesce(h.book, a.book) AS book, coalesce(h.currency, a.currency) AS currency,
          coalesce(h.held, 0)::text AS held, coalesce(a.balance, 0)::text AS balance
        FROM held h FULL JOIN acc a ON a.owner = h.owner AND a.book = h.book AND a.currency = h.currency
        WHERE coalesce(h.held, 0) <> coalesce(a.balance, 0)`),
    )
    return rows.map((r): SubledgerMismatch => ({ ownerId: r.owner, book: r.book, currency: r.currency, held: trim(r.held), balance: trim(r.balance) }))
  },
}
