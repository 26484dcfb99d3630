// The numbers of a Smart trading plan (docs/earn.md), computed in one place for the buy sheet, the confirm sheets and
// every server check, so what a user is shown before committing is exactly what the ledger posts. Exact decimals
// (trading-math.ts's Dec), rounded down to the currency's ledger scale: the user is never shown a figure the platform
// would then pay a fraction more or less of.
import { dec, moneyScale, type Num } from './trading-math.ts'
import { Decimal } from 'decimal.js'

export type PlanTerms = { days: number; dailyRate: Num; exitShare: Num; currency: string }

const down = (v: Decimal, currency: string) => v.toDecimalPlaces(moneyScale(currency), Decimal.ROUND_DOWN)

/** One day's earnings of `amount` in the plan: amount × daily rate, rounded down to the currency's scale. */
export const dailyEarnings = (amount: Num, terms: PlanTerms): Decimal => down(dec(amount).times(terms.dailyRate), terms.currency)

/** The most the plan can ever pay on top of the principal: every day's earnings. This is what is earmarked. */
export const maxPayout = (amount: Num, terms: PlanTerms): Decimal => dailyEarnings(amount, terms).times(terms.days)

/** What the user holds at expiry: the principal back plus every day's earnings. */
export const totalAtExpiry = (amount: Num, terms: PlanTerms): Decimal => dec(amount).plus(maxPayout(amount, terms))

/** The early-exit damages: the disclosed share of the principal, rounded down (never more than disclosed). */
export const exitDamages = (amount: Num, terms: Pick<PlanTerms, 'exitShare' | 'currency'>): Decimal => down(dec(amount).times(terms.exitShare), terms.currency)

/** What an early exit gives back: the principal less the damages (earnings already credited stay the user's). */
export const exitReturn = (amount: Num, terms: Pick<PlanTerms, 'exitShare' | 'currency'>): Decimal => dec(amount).minus(exitDamages(amount, terms))

/** Why an amount cannot buy a plan, before any money moves (the server answers 400 with it). */
export type AmountIssue = { code: 'empty' } | { code: 'tooPrecise'; scale: number } | { code: 'outOfRange'; min: string; max: string }

export function amountIssue(amount: string, plan: { minAmount: string; maxAmount: string; currency: string }): AmountIssue | null {
  const text = amount.trim()
  if (text === '' || !/^\d+(\.\d+)?$/.test(text) || dec(text).isZero()) return { code: 'empty' }
  const scale = moneyScale(plan.currency)
  if (dec(text).decimalPlaces() > scale) return { code: 'tooPrecise', scale }
  if (dec(text).lt(plan.minAmount) || dec(text).gt(plan.maxAmount)) return { code: 'outOfRange', min: plan.minAmount, max: plan.maxAmount }
  return null
}
