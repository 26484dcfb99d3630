// The numbers of a financing order (docs/earn.md, "Financing"), computed in one place for the product list, the buy
// and confirm sheets, the early-redemption sheet and every server posting, so what a user is shown before committing
// is exactly what the ledger moves. The rate is annual, simple interest on a 365-day year: interest for d days =
// principal × annual rate × d ÷ 365, rounded down to the currency's ledger scale. Exact decimals (trading-math.ts).
import { Decimal } from 'decimal.js'
import { dec, moneyScale, type Num } from './trading-math.ts'

export type FinancingTerms = {
  days: number
  /** A fraction a year: 0.08 = 8 % a year, simple interest. */
  annualRate: Num
  /** Early redemption: the share of the principal kept as damages. */
  earlyShare: Num
  /** Early redemption: true forfeits the interest of the days already run; false pays it. */
  earlyForfeit: boolean
  currency: string
}

const down = (v: Decimal, currency: string) => v.toDecimalPlaces(moneyScale(currency), Decimal.ROUND_DOWN)

/** Interest of `days` days on `amount`, rounded down. */
export const interestFor = (amount: Num, terms: Pick<FinancingTerms, 'annualRate' | 'currency'>, days: number): Decimal =>
  down(dec(amount).times(terms.annualRate).times(days).div(365), terms.currency)

/** The interest of the whole term: the most the order can ever pay on top of the principal, earmarked at purchase. */
export const termInterest = (amount: Num, terms: FinancingTerms): Decimal => interestFor(amount, terms, terms.days)

/** What comes back at maturity: the principal plus the term's interest. */
export const atMaturity = (amount: Num, terms: FinancingTerms): Decimal => dec(amount).plus(termInterest(amount, terms))

export type EarlyRedemption = { damages: Decimal; interest: Decimal; back: Decimal }

/** An early redemption after `daysRun` whole days: the principal less the damages, plus (unless forfeited) the
 * interest of the days run. */
export function earlyRedemption(amount: Num, terms: FinancingTerms, daysRun: number): EarlyRedemption {
  const damages = down(dec(amount).times(terms.earlyShare), terms.currency)
  const interest = terms.earlyForfeit ? new Decimal(0) : interestFor(amount, terms, Math.max(0, Math.min(daysRun, terms.days - 1)))
  return { damages, interest, back: dec(amount).minus(damages).plus(interest) }
}

/** The annual rate as the rate of the term: 8 % a year for 30 days is 0.657534… % for the term. */
export const termRate = (terms: Pick<FinancingTerms, 'annualRate' | 'days'>): Decimal => dec(terms.annualRate).times(terms.days).div(365)
