// The withdraw screen and the server compute a withdrawal's fee, the amount that arrives and whether the limits
// allow it with these functions, so what the user confirms is what the server charges. Exact decimals only
// (trading-math's Dec); the fee rounds up to the currency's ledger scale, as every fee of the house does.
import { dec, moneyScale, roundUp, type Dec, type Num } from './trading-math.ts'

/** One currency on one network, as configured by operators (amounts in that currency, decimal strings). */
export type WithdrawTerms = {
  currency: string
  network: string
  /** Fixed part of the fee. */
  fee: string
  /** Proportional part of the fee, a fraction of the amount ('0.001' is 0.1 %). */
  feeRate: string
  /** Smallest amount one withdrawal may ask for. */
  min: string
  /** Most that may be asked in 24 hours, pending and paid withdrawals counted; null: no limit. */
  dailyMax: string | null
  /** A withdrawal above this amount needs verified identity; null: never. */
  kycAbove: string | null
}

/** fee = fixed + amount × rate, rounded up to the currency's scale. */
export const withdrawFee = (amount: Num, terms: Pick<WithdrawTerms, 'currency' | 'fee' | 'feeRate'>): Dec =>
  roundUp(dec(terms.fee).plus(dec(amount).times(terms.feeRate)), terms.currency)

/** What leaves the user's balance (amount), what the platform keeps (fee) and what reaches the address (receive). */
export function withdrawQuote(amount: Num, terms: Pick<WithdrawTerms, 'currency' | 'fee' | 'feeRate'>): { amount: Dec; fee: Dec; receive: Dec } {
  const fee = withdrawFee(amount, terms)
  return { amount: dec(amount), fee, receive: dec(amount).minus(fee) }
}

/** Why a withdrawal cannot be asked as it is; each maps to a message the screen and the server show. */
export type WithdrawIssue =
  | { code: 'tooPrecise'; scale: number }
  | { code: 'belowMin'; min: string }
  | { code: 'nothingArrives'; fee: string }
  | { code: 'insufficient'; available: string }
  | { code: 'dailyMax'; max: string; left: string }
  | { code: 'kycRequired'; above: string }

export type WithdrawCheck = {
  amount: Num
  terms: WithdrawTerms
  /** What the user may take out now (the live book's available balance, less any open loss). */
  available: Num
  /** Asked in the last 24 hours in this currency (withdrawals not rejected). */
  usedToday: Num
  kycVerified: boolean
}

/** The first thing that stops the withdrawal, in the order a user fixes them; null when it may be asked. */
export function withdrawIssue(c: WithdrawCheck): WithdrawIssue | null {
  const amount = dec(c.amount)
  const scale = moneyScale(c.terms.currency)
  if (amount.decimalPlaces() > scale) return { code: 'tooPrecise', scale }
  if (amount.lt(c.terms.min)) return { code: 'belowMin', min: c.terms.min }
  const { fee, receive } = withdrawQuote(amount, c.terms)
  if (!receive.gt(0)) return { code: 'nothingArrives', fee: fee.toFixed() }
  if (amount.gt(c.available)) return { code: 'insufficient', available: maxZero(dec(c.available)).toFixed() }
  if (c.terms.dailyMax !== null && amount.plus(c.usedToday).gt(c.terms.dailyMax)) {
    return { code: 'dailyMax', max: c.terms.dailyMax, left: maxZero(dec(c.terms.dailyMax).minus(c.usedToday)).toFixed() }
  }
  if (c.terms.kycAbove !== null && amount.gt(c.terms.kycAbove) && !c.kycVerified) return { code: 'kycRequired', above: c.terms.kycAbove }
  return null
}

const maxZero = (v: Dec) => (v.isNeg() ? dec('0') : v)
