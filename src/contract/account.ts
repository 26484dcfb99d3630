// Balances and the transaction record (docs/architecture.md, "The ledger"). Every call acts on the caller's current book (demo or
// live, chosen with updateAccountType). Amounts are decimal strings; times epoch milliseconds.
import * as z from 'zod/mini'
import { AccountType } from './auth.ts'
import { Decimal, Millis, Page, pageOf, type Endpoint } from './endpoint.ts'

/** What a new demo book starts with, and what resetDemo restores. */
export const DEMO_FUNDS = { currency: 'USDT', amount: '10000' } as const

/** Kinds of journal a user can find in their record (the filter of getMyTransactionRecord). */
export const RecordKind = z.enum(['demo_funding', 'demo_reset', 'deposit', 'withdrawal', 'trade', 'fee', 'transfer', 'yield', 'loan', 'donation'])
export type RecordKind = z.infer<typeof RecordKind>

export const CurrencyBalance = z.object({
  currency: z.string(),
  available: Decimal,
  /** Margin held by open positions. */
  inUse: Decimal,
  /** Held by pending withdrawals, loans' collateral and the like. */
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
const TimeBound = z.optional(
  z.pipe(
    z.pipe(z.union([z.number(), z.string().check(z.regex(/^\d{1,16}$/))]), z.transform(Number)),
    z.number().check(z.refine(Number.isInteger), z.gte(0), z.lte(MAX_TIME_MS)),
  ),
)
const Range = { from: TimeBound, to: TimeBound }

/** A closed time range: from <= time <= to, either end optional. A start after the end is refused on `from`. */
const ordered = z.refine<{ from?: number; to?: number }>((range) => range.from === undefined || range.to === undefined || range.from <= range.to, {
  path: ['from'],
})

export const RecordQuery = z.extend(Page, { kind: z.optional(RecordKind), ...Range }).check(ordered)
export type RecordQuery = z.infer<typeof RecordQuery>

export const RangeQuery = z.object(Range).check(ordered)
export type RangeQuery = z.infer<typeof RangeQuery>

export const TransactionRow = z.object({
  id: z.string(),
  time: Millis,
  kind: z.string(),
  /** The reason's id, e.g. demo.funding (its text is the server message server.ledger.reason.demo.funding). */
  reason: z.string(),
  /** The reason in the caller's Language. */
  reasonText: z.string(),
  /** Signed: money in is positive. */
  amount: Decimal,
  currency: z.string(),
  book: AccountType,
  balanceAfter: z.optional(Decimal),
})
export type TransactionRow = z.infer<typeof TransactionRow>

export const TransactionPage = pageOf(TransactionRow)
export type TransactionPage = z.infer<typeof TransactionPage>

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
   * RFC 4180 quoting, a header row, the caller's own rows of the current book, reasons in the caller's Language).
   * Failures (400, 401) are envelopes as usual. `data` describes the CSV text.
   */
  exportTransactionRecord: { method: 'GET', path: '/exportTransactionRecord', query: RangeQuery, data: z.string(), auth: true },
  /** Reconciliation: always 200; `ok: false` (and an error in the server log) when the books do not balance. */
  ledgerHealth: { method: 'GET', path: '/health/ledger', data: LedgerHealth, auth: false },
} as const satisfies Record<string, Endpoint>
