// The transaction record from the user's side: one row per business event, derived from journals without changing
// them. A journal's legs on the user's own accounts of one book are summed per account kind (available, margin,
// locked) and currency; journals that tell one event are grouped: an older opening's fee journal (trade.fee) joins the
// opening (trade.open) of the same order, and journals with the same reason and reference (a close and the P/L an
// earlier version settled after it) are one event. Fees and P/L come from the legs on the house's fees and
// trading_counterparty accounts. The available balance after an event is read from its last available entry, or
// from the last one before it when the event did not touch available.
import { sql, type SQL } from 'drizzle-orm'
import { trim } from './reconcile.ts'
import type { Book, DbOrTx } from './types.ts'

/** Which events: one book, optionally a kind and a time range (epoch ms, inclusive, on the event's time). `fee`
 * selects the events that charged a fee, whatever their journal kind. */
export type EventFilter = { userId: string; book: Book; kind?: string; from?: number; to?: number }

export type RecordEvent = {
  /** The event's main journal (the opening, not its fee journal). */
  journalId: string
  time: Date
  kind: string
  reason: string
  reference: string | null
  currency: string
  /** Signed changes of the user's available, margin and locked balances; decimal text without trailing zeros. */
  available: string
  margin: string
  locked: string
  /** Paid to the house's fees account (positive when charged). */
  fee: string
  /** Settled with the house: positive when the user won. */
  profit: string
  /** The user's available balance right after the event; null when they have no available account yet. */
  balanceAfter: string | null
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows

/** Every event of the filter with its figures, before paging. One statement, so PGlite and PostgreSQL read alike. */
function events(filter: EventFilter): SQL {
  const { userId, book } = filter
  const conditions: SQL[] = [sql`true`]
  if (filter.kind === 'fee') conditions.push(sql`(fee > 0 OR kind = 'fee')`)
  else if (filter.kind) conditions.push(sql`kind = ${filter.kind}`)
  if (filter.from !== undefined) conditions.push(sql`time >= ${new Date(filter.from).toISOString()}::timestamptz`)
  if (filter.to !== undefined) conditions.push(sql`time <= ${new Date(filter.to).toISOString()}::timestamptz`)
  return sql`
    WITH mine AS (SELECT id, kind, currency FROM accounts WHERE owner_id = ${userId} AND book = ${book}),
    legs AS (
      SELECT e.id, e.journal_id, e.amount, e.currency, m.kind AS account_kind
      FROM entries e JOIN mine m ON m.id = e.account_id
    ),
    js AS (
      SELECT j.id, j.kind, j.reason, j.reference, j.created_at,
        CASE WHEN j.reference IS NULL THEN j.id::text
          ELSE (CASE WHEN j.reason = 'trade.fee' THEN 'trade.open' ELSE j.reason END) || ':' || j.reference END AS event_key
      FROM journals j WHERE j.id IN (SELECT journal_id FROM legs)
    ),
    grouped AS (
      SELECT js.event_key, l.currency,
        coalesce(sum(l.amount) FILTER (WHERE l.account_kind = 'available'), 0) AS available,
        coalesce(sum(l.amount) FILTER (WHERE l.account_kind = 'margin'), 0) AS margin,
        coalesce(sum(l.amount) FILTER (WHERE l.account_kind IN ('locked', 'bids')), 0) AS locked,
        coalesce(max(l.id) FILTER (WHERE l.account_kind = 'available'), max(l.id)) AS position,
        min(js.created_at) AS time,
        (array_agg(js.id ORDER BY js.reason = 'trade.fee', js.created_at, js.id))[1] AS journal_id
      FROM legs l JOIN js ON js.id = l.journal_id
      GROUP BY js.event_key, l.currency
    ),
    house AS (
      SELECT js.event_key, e.currency,
        coalesce(sum(e.amount) FILTER (WHERE a.kind = 'fees'), 0) AS fee,
        coalesce(-sum(e.amount) FILTER (WHERE a.kind = 'trading_counterparty'), 0) AS profit
      FROM js JOIN entries e ON e.journal_id = js.id JOIN accounts a ON a.id = e.account_id AND a.owner_id IS NULL
      -- Yield journals never touch fees or the counterparty, and one of them can hold a million purchases' entries
      -- (the accrual's, 0048_accrual_at_scale.sql): reading it whole for every record would be the record's cost.
      WHERE js.kind <> 'yield'
      GROUP BY js.event_key, e.currency
    ),
    ev AS (
      SELECT g.*, j.kind, j.reason, j.reference, coalesce(h.fee, 0) AS fee, coalesce(h.profit, 0) AS profit
      FROM grouped g JOIN journals j ON j.id = g.journal_id
      LEFT JOIN house h ON h.event_key = g.event_key AND h.currency = g.currency
    )
    SELECT * FROM ev WHERE ${sql.join(conditions, sql` AND `)}`
}

type Raw = {
  journal_id: string
  time: Date | string
  kind: string
  reason: string
  reference: string | null
  currency: string
  available: string
  margin: string
  locked: string
  fee: string
  profit: string
  balance_after: string | null
}

const text = (v: unknown) => trim(String(v))

/** Newest first (by the entry that ends each event, the order balances run in), `limit` events from `offset`. */
export async function recordEvents(handle: DbOrTx, filter: EventFilter, limit: number, offset = 0): Promise<RecordEvent[]> {
  const rows = rowsOf<Raw>(
    await handle.execute(sql`
      SELECT f.*, (
        SELECT e.balance_after::text FROM entries e
        WHERE e.account_id = (SELECT id FROM accounts WHERE owner_id = ${filter.userId} AND book = ${filter.book} AND kind = 'available' AND currency = f.currency)
          AND e.id <= f.position
        ORDER BY e.id DESC LIMIT 1
      ) AS balance_after
      FROM (${events(filter)}) f
      ORDER BY f.position DESC
      LIMIT ${limit} OFFSET ${offset}`),
  )
  return rows.map((r) => ({
    journalId: r.journal_id,
    time: new Date(r.time),
    kind: r.kind,
    reason: r.reason,
    reference: r.reference,
    currency: r.currency,
    available: text(r.available),
    margin: text(r.margin),
    locked: text(r.locked),
    fee: text(r.fee),
    profit: text(r.profit),
    balanceAfter: r.balance_after === null ? null : text(r.balance_after),
  }))
}

export async function recordEventCount(handle: DbOrTx, filter: EventFilter): Promise<number> {
  const [row] = rowsOf<{ n: number | string }>(await handle.execute(sql`SELECT count(*)::int AS n FROM (${events(filter)}) f`))
  return Number(row?.n ?? 0)
}

export type EventTotal = { kind: string; currency: string; credit: string; debit: string; net: string; count: number }

/**
 * Per kind and currency: events, and what they added to and took from the available balance. A `fee` line totals
 * the fees charged; those events are counted under their own kind as well.
 */
export async function recordEventTotals(handle: DbOrTx, filter: EventFilter): Promise<EventTotal[]> {
  const rows = rowsOf<EventTotal & { count: number | string }>(
    await handle.execute(sql`
      WITH f AS (${events(filter)})
      SELECT kind, currency, count(*)::int AS count,
        coalesce(sum(available) FILTER (WHERE available > 0), 0)::text AS credit,
        coalesce(-sum(available) FILTER (WHERE available < 0), 0)::text AS debit,
        sum(available)::text AS net
      FROM f WHERE kind <> 'fee' GROUP BY kind, currency
      UNION ALL
      SELECT 'fee', currency, count(*)::int, '0', sum(fee)::text, (-sum(fee))::text
      FROM f WHERE fee > 0 OR kind = 'fee' GROUP BY currency
      ORDER BY 1, 2`),
  )
  return rows.map((r) => ({ ...r, count: Number(r.count), credit: text(r.credit), debit: text(r.debit), net: text(r.net) }))
}
