// The numbers of node staking (docs/staking.md), in one place for the app's sheets and the server's postings, so what a
// user is shown before committing is exactly what the ledger posts. Exact decimals rounded down to the currency's
// ledger scale.
import { Decimal } from 'decimal.js'
import { dec, moneyScale, type Num } from './trading-math.ts'

export type StakingTerms = { days: number; dailyRate: Num; bonus: Num; exitShare: Num; currency: string }

const down = (v: Decimal, currency: string) => v.toDecimalPlaces(moneyScale(currency), Decimal.ROUND_DOWN)

/** One day's reward: amount × daily rate, rounded down. */
export const stakingDaily = (amount: Num, terms: StakingTerms): Decimal => down(dec(amount).times(terms.dailyRate), terms.currency)

/** The most the activity can pay on `amount`: every day's reward plus the bonus. Earmarked from the reserve. */
export const stakingMaxPayout = (amount: Num, terms: StakingTerms): Decimal => stakingDaily(amount, terms).times(terms.days).plus(terms.bonus)

/** What the user has at the end of the period: the amount back, every reward and the bonus. */
export const stakingTotal = (amount: Num, terms: StakingTerms): Decimal => dec(amount).plus(stakingMaxPayout(amount, terms))

/** Kept on a withdrawal after activation: the disclosed share of the amount, rounded down. */
export const stakingExitDamages = (amount: Num, terms: StakingTerms): Decimal => down(dec(amount).times(terms.exitShare), terms.currency)

/** What a withdrawal gives back: the whole amount before activation, the amount less the damages after. */
export const stakingWithdrawBack = (amount: Num, terms: StakingTerms, activated: boolean): Decimal =>
  activated ? dec(amount).minus(stakingExitDamages(amount, terms)) : dec(amount)

/** The yearly rate shown beside the daily one: daily × 365, simple (rewards are paid out, not compounded). */
export const annualRate = (dailyRate: Num): Decimal => dec(dailyRate).times(365)
