// Balances and the transaction record (docs/architecture.md, "The ledger"). Every call acts on the caller's current book (demo or
// live, chosen with updateAccountType). Amounts are decimal strings; times epoch milliseconds.
import * as z from 'zod/mini'
import { AccountType } from './auth.ts'
import { Decimal, Millis, Page, pageOf, type Endpoint } from './endpoint.ts'

/** What a new demo book starts with, and what resetDemo restores. */
export const DEMO_FUNDS = { currency: 'USDT', amount: '10000' } as const

/** Kinds of event a user can find in their record (the filter of getMyTransactionRecord): the journal's kind, and
 * `fee` for every event that charged a fee (an opening, a limit fill, a withdrawal paid out). */
export const RecordKind = z.enum(['demo_funding', 'demo_reset', 'deposit', 'withdrawal', 'trade', 'fee', 'transfer', 'yield', 'loan', 'donation', 'nft'])
export type RecordKind = z.infer<typeof RecordKind>

export const CurrencyBalance = z.object({
  currency: z.string(),
  available: Decimal,
  /** Margin held by open positions. */
  inUse: Decimal,
  /** Held by pending withdrawals, leading NFT bids, loans' collateral and the like. */
  locked: Decimal,
  total: Decimal,
})
export type CurrencyBalance = z.infer<typeof CurrencyBalance>

export const Balance = z.object({ book: AccountType, totalUsdt: Decimal, currencies: z.array(CurrencyBalance) })
export type Balance = z.infer<typeof Balance>

export const UpdateAccountType = z.object({ accountType: AccountType })
export type UpdateAccountType = z.infer<typeof UpdateAccountType>

/**
 * The last millisecond of 9999-12-31 UTC: the latest instant with a four-digit year, which every layer handles
 * (Date, ISO 8601 text, PostgreSQL timestamps). A fixed bound rather than "now + N years", so whether a query is
 * valid never depends on the clock. Beyond it `new Date()` once became "Invalid time value" and a 500.
 */
export const MAX_TIME_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999)

/**
 * A range bound: epoch milliseconds from 0 to MAX_TIME_MS, written in decimal digits only (a query string could
 * otherwise smuggle in 0x.., 1e.. or an empty value, which Number() reads as 0).
 */
export const TimeBound = z.optional(
  z.pipe(
    z.pipe(z.union([z.number(), z.string().check(z.regex(/^\d{1,16}$/))]), z.transform(Number)),
    z.number().check(z.refine(Number.isInteger), z.gte(0), z.lte(MAX_TIME_MS)),
  ),
)
const Range = { from: TimeBound, to: TimeBound }

/** A closed time range: from <= time <= to, either end optional. A start after the end is refused on `from`. */
export const ordered = z.refine<{ from?: number; to?: number }>((range) => range.from === undefined || range.to === undefined || range.from <= range.to, {
  path: ['from'],
})

export const RecordQuery = z.extend(Page, { kind: z.optional(RecordKind), ...Range }).check(ordered)
export type RecordQuery = z.infer<typeof RecordQuery>

export const RangeQuery = z.object(Range).check(ordered)
export type RangeQuery = z.infer<typeof RangeQuery>

/** What happened, from the user's side (the record derives it from the ledger's journals). */
export const RecordEventType = z.enum([
  'demo_funding',
  'demo_reset',
  'deposit',
  'withdrawal_requested',
  'withdrawal_paid',
  'withdrawal_rejected',
  'position_opened',
  'position_closed',
  'limit_placed',
  'limit_cancelled',
  'limit_filled',
  'fee',
  'other',
])
export type RecordEventType = z.infer<typeof RecordEventType>

// orders.ts's Side and CloseReason, spelled again so that the balance (first visit) does not carry the orders contract.
const Side = z.enum(['buy', 'sell'])
const CloseReason = z.enum(['user', 'take_profit', 'stop_loss', 'stop_out'])

/**
 * One business event of the record: an opening with its fee, a close with its P/L, a deposit, a withdrawal asked,
 * paid or rejected. `amount` is what it did to the available balance (money in positive): asking a withdrawal takes
 * it out (held until paid), paying it out moves nothing more, rejecting it gives it back.
 */
export const TransactionRow = z.object({
  /** The event's main journal. */
  id: z.string(),
  time: Millis,
  /** The journal kind (the filter's kinds). */
  kind: z.string(),
  event: RecordEventType,
  /** The main journal's reason id, e.g. trade.open. */
  reason: z.string(),
  /** The event in one sentence in the caller's Language, e.g. "Bought 1 lot EURUSD #10000001: margin 233.28 held,
   * fee 3.50". */
  text: z.string(),
  /** Signed change of the available balance. */
  amount: Decimal,
  currency: z.string(),
  book: AccountType,
  /** The available balance right after the event. */
  balanceAfter: z.optional(Decimal),
  /** Orders: the order number, its symbol, side and lots. */
  orderNo: z.nullable(z.string()),
  symbol: z.nullable(z.string()),
  side: z.nullable(Side),
  lots: z.nullable(Decimal),
  /** Margin held (positive) or released (negative) by the event. */
  margin: z.nullable(Decimal),
  /** A fee the event charged (positive). */
  fee: z.nullable(Decimal),
  /** Closes: the realised P/L. */
  profit: z.nullable(Decimal),
  closeReason: z.nullable(CloseReason),
  /** Withdrawals: the withdrawal's id. */
  withdrawalId: z.nullable(z.string()),
})
export type TransactionRow = z.infer<typeof TransactionRow>

export const TransactionPage = pageOf(TransactionRow)
export type TransactionPage = z.infer<typeof TransactionPage>

/** Per kind present in the range: events and what they added to (credit) and took from (debit) the available balance.
 * `fee` totals the fees charged, by events also counted under their own kind. Kinds without events are absent. */
export const RecordTotals = z.object({
  book: AccountType,
  list: z.array(z.object({ kind: z.string(), currency: z.string(), credit: Decimal, debit: Decimal, net: Decimal, count: z.int() })),
})
export type RecordTotals = z.infer<typeof RecordTotals>

/** Public: whether the last reconciliation (at most a minute old) found the books consistent; the totals are for
 * operators only (`node server/cli.ts reconcile`). */
export const LedgerHealth = z.object({ ok: z.boolean() })
export type LedgerHealth = z.infer<typeof LedgerHealth>

export const accountApi = {
  getBalance: { method: 'GET', path: '/getBalance', data: Balance, auth: true },
  updateAccountType: { method: 'POST', path: '/updateAccountType', body: UpdateAccountType, data: z.object({ accountType: AccountType }), auth: true },
  resetDemo: { method: 'POST', path: '/resetDemo', body: z.optional(z.object({})), data: Balance, auth: true, money: true },
  transactionRecord: { method: 'GET', path: '/getMyTransactionRecord', query: RecordQuery, data: TransactionPage, auth: true },
  transactionTotals: { method: 'GET', path: '/getMyTransactionRecordStatic', query: RangeQuery, data: RecordTotals, auth: true },
  /**
   * NOT an envelope: a successful answer is the CSV itself (text/csv; charset=utf-8, Content-Disposition attachment,
   * RFC 4180 quoting, a header row, one line per event of the current book as getMyTransactionRecord lists them, its
   * sentence in the caller's Language, then symbol, order, side, lots, amount, fee, P/L, currency, book and the
   * available balance after).
   * Failures (400, 401) are envelopes as usual. `data` describes the CSV text.
   */
  exportTransactionRecord: { method: 'GET', path: '/exportTransactionRecord', query: RangeQuery, data: z.string(), auth: true },
  /** Reconciliation: always 200; `ok: false` (and an error in the server log) when the books do not balance. */
  ledgerHealth: { method: 'GET', path: '/health/ledger', data: LedgerHealth, auth: false },
} as const satisfies Record<string, Endpoint>
