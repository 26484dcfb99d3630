// The orders' sub-ledger: every user's margin account holds exactly what their live orders hold (positions' margin,
// pending orders' reservations), less what a loss took from other orders' margin and no release has paid back yet
// (the rows' margin_drawn: releaseOf in src/contract/trading-account.ts), plus what earlier versions left there on the
// way (an open position's fee not yet posted to the house, a closed position's loss not yet settled:
// orders.settlement.ts). One statement, so it reads one snapshot of both tables even under load. Reconciliation and
// /api/health/ledger run it beside conservation.
import { sql } from 'drizzle-orm'
import { reconcile, trim, type Reconciliation, type Subledger, type SubledgerMismatch } from '../../ledger/reconcile.ts'
import type { DbOrTx } from '../../ledger/types.ts'
import { earnSubledger } from '../earn/earn.subledger.ts'
import { stakingSubledger } from '../staking/staking.subledger.ts'
import { financingSubledger } from '../financing/financing.subledger.ts'
import { bidsSubledger, donationsSubledger } from '../nfts/nfts.subledger.ts'

export const marginSubledger: Subledger = {
  name: 'margin held by orders',
  async mismatches(handle: DbOrTx): Promise<SubledgerMismatch[]> {
    const result = await handle.execute(sql`
      WITH held AS (
        SELECT user_id, book, margin_currency AS currency, sum(amount) AS held FROM (
          SELECT o.user_id, o.book, o.margin_currency,
                 o.margin + CASE WHEN NOT o.fee_posted THEN o.fee ELSE 0 END AS amount
          FROM orders o WHERE o.status IN ('open', 'pending')
          UNION ALL
          SELECT user_id, book, margin_currency, -profit FROM orders WHERE settlement_pending AND profit < 0
          UNION ALL
          -- What a loss took from the book's other margin and no release has paid back yet (orders.money.ts).
          SELECT user_id, book, margin_currency, -margin_drawn FROM orders WHERE margin_drawn <> 0
        ) parts GROUP BY user_id, book, margin_currency
      ), margin AS (
        SELECT owner_id AS user_id, book, currency, balance FROM accounts WHERE kind = 'margin' AND owner_id IS NOT NULL
      )
      SELECT coalesce(h.user_id, m.user_id)::text AS owner_id, coalesce(h.book, m.book) AS book,
             coalesce(h.currency, m.currency) AS currency, coalesce(h.held, 0)::text AS held, coalesce(m.balance, 0)::text AS balance
      FROM held h FULL JOIN margin m ON m.user_id = h.user_id AND m.book = h.book AND m.currency = h.currency
      WHERE coalesce(h.held, 0) <> coalesce(m.balance, 0)
      ORDER BY 1, 2, 3
      LIMIT 1000`)
    const rows = (result as unknown as { rows: { owner_id: string; book: string; currency: string; held: string; balance: string }[] }).rows
    return rows.map((r) => ({ ownerId: r.owner_id, book: r.book, currency: r.currency, held: trim(r.held), balance: trim(r.balance) }))
  },
}

/** Conservation, entries against balances, and the sub-ledgers: the orders' margin, Smart plans' principal and
 * earmark, and what NFT auctions hold and paid. */
export const reconcileBooks = (handle: DbOrTx): Promise<Reconciliation> =>
  reconcile(handle, [marginSubledger, earnSubledger, financingSubledger, stakingSubledger, bidsSubledger, donationsSubledger])
