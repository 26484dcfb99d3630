// A loan's numbers, computed once for the loan screen (before anything is sent), the server (what it stores, states in
// the agreement and charges) and the agreement PDF, so the three can never disagree. Exact decimals only (trading-math's
// Dec, never a JS number); money rounds half-up to cents, the precision loans are offered and shown in.
import { Decimal } from 'decimal.js'
import { dec, type Num } from './trading-math.ts'

export const DAY_MS = 24 * 60 * 60 * 1000
/** Loans are asked, shown and repaid in whole cents. */
export const LOAN_SCALE = 2

/** What the house offers: rates are fractions per day ('0.001' is 0.1 % a day). */
export type LoanOffer = {
  currency: string
  /** Interest per day of the term, a fraction of the principal. */
  dailyRate: string
  /** Liquidated damages per day late, a fraction of the principal. */
  lateDailyRate: string
  /** Terms a user may pick, in days. */
  termDays: readonly number[]
  /** Smallest and largest principal for the caller's verification level (null: not verified, no loan). */
  min: string
  max: string
}

export type LoanQuote = {
  amount: string
  termDays: number
  dailyRate: string
  /** amount × dailyRate × termDays. */
  interest: string
  /** amount + interest: what clears the loan on time. */
  totalRepayment: string
  /** start + termDays days (the principal credited at `start`). */
  dueAt: number
  /** amount × lateDailyRate, charged for each whole day the loan stays unpaid after dueAt. */
  damagesPerDay: string
}

const cents = (v: Decimal) => v.toDecimalPlaces(LOAN_SCALE, Decimal.ROUND_HALF_UP)
/** A decimal string with exactly two decimals, as the agreement and the screen state it. */
export const money = (v: Num) => cents(dec(v)).toFixed(LOAN_SCALE)

export function loanQuote(input: { amount: Num; termDays: number; start: number; offer: Pick<LoanOffer, 'dailyRate' | 'lateDailyRate'> }): LoanQuote {
  const amount = dec(input.amount)
  const interest = cents(amount.times(input.offer.dailyRate).times(input.termDays))
  return {
    amount: money(amount),
    termDays: input.termDays,
    dailyRate: dec(input.offer.dailyRate).toFixed(),
    interest: interest.toFixed(LOAN_SCALE),
    totalRepayment: cents(amount).plus(interest).toFixed(LOAN_SCALE),
    dueAt: input.start + input.termDays * DAY_MS,
    damagesPerDay: money(amount.times(input.offer.lateDailyRate)),
  }
}

/** Whole days a loan due at `dueAt` has been late by `now` (0 until a full day has passed). */
export const daysLate = (dueAt: number, now: number): number => (now <= dueAt ? 0 : Math.floor((now - dueAt) / DAY_MS))

/** A rate as a percentage for people: '0.001' is '0.1'. */
export const percent = (rate: Num) => dec(rate).times(100).toFixed()

export type LoanIssue =
  | { code: 'empty' }
  | { code: 'invalid' }
  | { code: 'tooPrecise' }
  | { code: 'belowMin'; min: string }
  | { code: 'aboveMax'; max: string }
  | { code: 'term' }

/** Why an amount and a term cannot be asked as they are; the screen shows it, the server answers 400 with it. */
export function loanIssue(amount: string, termDays: number, offer: LoanOffer): LoanIssue | null {
  const text = amount.trim()
  if (text === '') return { code: 'empty' }
  if (!/^\d{1,20}(\.\d+)?$/.test(text) || dec(text).lte(0)) return { code: 'invalid' }
  if (dec(text).decimalPlaces() > LOAN_SCALE) return { code: 'tooPrecise' }
  if (dec(text).lt(offer.min)) return { code: 'belowMin', min: offer.min }
  if (dec(text).gt(offer.max)) return { code: 'aboveMax', max: offer.max }
  if (!offer.termDays.includes(termDays)) return { code: 'term' }
  return null
}
