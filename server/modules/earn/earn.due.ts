// What running Smart plans and active node staking pledges will still pay, by date, for the console's reserve card
// (docs/earn.md, "The console"). Both pay a daily amount for a number of days and return the principal on the last
// day (a pledge also pays a bonus not yet received then), so one query serves both, read from either table.
//
// Day k (days_paid + 1 .. days) of a purchase made on start_day falls due on start_day + k, and its last day also
// returns the principal. Expanding every running purchase into its days costs purchases × days (30 million rows for a
// million plans over the 30 days shown); this query instead reads each purchase once and turns it into three events,
// summed per book, currency and date before anything is expanded:
//   - on its first day still due, the daily earnings start (+daily, +1 purchase);
//   - the day after its last day shown, they stop (−daily, −1 purchase);
//   - on its last day, if that is within the window, the principal comes back (and a pledge's bonus not received).
// A running sum of the events over the dates, per book and currency, gives each date's earnings; only the few distinct
// event dates are then filled in, day by day, up to the next event. So the cost is one pass over the running purchases
// (a hash aggregate to at most a few thousand groups) plus one row per date shown: it does not grow with purchases ×
// days. A date is listed when at least one purchase pays on it (so a date where only zero-earning purchases fall due
// is listed with 0, as the per-day expansion did).
import { sql } from 'drizzle-orm'
import type { Book, DbOrTx } from '../../ledger/types.ts'

/** ending: how many purchases (pledges) have their last day on the date. */
export type DueRow = { book: Book; currency: string; date: string; earnings: string; principal: string; ending: number }

/** Where the daily products are read from: each row a running one, with what its last day pays besides the principal. */
const SOURCES = {
  plans: sql`SELECT book, currency, start_day, days_paid, days, daily, principal, 0::numeric AS bonus FROM earn_orders WHERE status = 'running'`,
  staking: sql`SELECT book, currency, start_day, days_paid, days, daily, principal, CASE WHEN bonus_paid THEN 0 ELSE bonus END AS bonus
    FROM staking_pledges WHERE status = 'active'`,
}
export type DueSource = keyof typeof SOURCES

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows

/** Per book, currency and date up to `until` (YYYY-MM-DD, inclusive): the earnings and principal still due; by date.
 * The earnings of a date include what last days pay besides the principal (a pledge's bonus not received). */
export async function dueByDate(db: DbOrTx, until: string, source: DueSource = 'plans'): Promise<DueRow[]> {
  const result = await db.execute(sql`
    WITH running AS (${SOURCES[source]}), spans AS (
      SELECT book, currency, start_day + days_paid + 1 AS first, start_day + least(days, ${until}::date - start_day) AS last,
        sum(daily) AS daily, count(*) AS n, sum(principal) FILTER (WHERE start_day + days <= ${until}::date) AS principal,
        sum(bonus) FILTER (WHERE start_day + days <= ${until}::date) AS bonus, count(*) FILTER (WHERE start_day + days <= ${until}::date) AS ending
      FROM running
      WHERE days_paid < days AND start_day + days_paid < ${until}::date
      GROUP BY 1, 2, 3, 4
    ), events AS (
      SELECT book, currency, first AS day, daily AS earn, n, 0::numeric AS principal, 0::numeric AS bonus, 0::bigint AS ending FROM spans
      UNION ALL SELECT book, currency, last + 1, -daily, -n, 0, 0, 0 FROM spans
      UNION ALL SELECT book, currency, last, 0, 0, principal, bonus, ending FROM spans WHERE principal IS NOT NULL
    ), days AS (
      SELECT book, currency, day, sum(earn) AS earn, sum(n) AS n, sum(principal) AS principal, sum(bonus) AS bonus, sum(ending) AS ending
      FROM events GROUP BY 1, 2, 3
    ), totals AS (
      SELECT book, currency, day, principal, bonus, ending, sum(earn) OVER w AS earnings, sum(n) OVER w AS paying,
        lead(day) OVER w AS next
      FROM days WINDOW w AS (PARTITION BY book, currency ORDER BY day)
    )
    SELECT t.book, t.currency, to_char(t.day + g.k, 'YYYY-MM-DD') AS date,
      (t.earnings + CASE WHEN g.k = 0 THEN t.bonus ELSE 0 END)::text AS earnings,
      (CASE WHEN g.k = 0 THEN t.principal ELSE 0 END)::text AS principal, (CASE WHEN g.k = 0 THEN t.ending ELSE 0 END)::int AS ending
    FROM totals t CROSS JOIN LATERAL generate_series(0, t.next - t.day - 1) AS g(k)
    WHERE t.paying > 0 AND t.next IS NOT NULL
    ORDER BY 3, 1, 2`)
  return rowsOf<DueRow>(result).map((r) => ({ ...r, ending: Number(r.ending) }))
}
