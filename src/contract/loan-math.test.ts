// The loan's numbers the screen shows before anything is sent, and the server charges (one function, both sides).
import { describe, expect, it } from 'vitest'
import { DAY_MS, daysLate, loanIssue, loanQuote, type LoanOffer } from './loan-math.ts'

const offer: LoanOffer = { currency: 'USDT', dailyRate: '0.0005', lateDailyRate: '0.002', termDays: [7, 30], min: '50', max: '5000' }

describe('loanQuote', () => {
  it('states the daily rate, total interest, repayment date, total repayment and damages per day, in cents', () => {
    expect(loanQuote({ amount: '1000', termDays: 7, start: 0, offer })).toEqual({
      amount: '1000.00', termDays: 7, dailyRate: '0.0005', interest: '3.50', totalRepayment: '1003.50', dueAt: 7 * DAY_MS, damagesPerDay: '2.00',
    })
  })

  it('rounds half-up to the cent, with exact decimals', () => {
    // 1234.55 × 0.0005 × 30 = 18.51825 -> 18.52; 1234.55 × 0.002 = 2.4691 -> 2.47
    expect(loanQuote({ amount: '1234.55', termDays: 30, start: 0, offer })).toMatchObject({ interest: '18.52', totalRepayment: '1253.07', damagesPerDay: '2.47' })
    expect(loanQuote({ amount: '0.3', termDays: 1, start: 0, offer: { dailyRate: '1', lateDailyRate: '0' } })).toMatchObject({ interest: '0.30', totalRepayment: '0.60' })
  })
})

describe('loanIssue', () => {
  it.each([
    ['', 7, { code: 'empty' }],
    ['  ', 7, { code: 'empty' }],
    ['abc', 7, { code: 'invalid' }],
    ['0', 7, { code: 'invalid' }],
    ['-5', 7, { code: 'invalid' }],
    ['100.001', 7, { code: 'tooPrecise' }],
    ['49.99', 7, { code: 'belowMin', min: '50' }],
    ['5000.01', 7, { code: 'aboveMax', max: '5000' }],
    ['100', 8, { code: 'term' }],
    ['50', 7, null],
    ['5000', 30, null],
  ] as const)('%o for %i days: %o', (amount, days, issue) => {
    expect(loanIssue(amount, days, offer)).toEqual(issue)
  })
})

describe('daysLate', () => {
  it('counts whole days after the due date only', () => {
    expect(daysLate(DAY_MS, DAY_MS)).toBe(0)
    expect(daysLate(DAY_MS, 2 * DAY_MS - 1)).toBe(0)
    expect(daysLate(DAY_MS, 2 * DAY_MS)).toBe(1)
    expect(daysLate(DAY_MS, 5 * DAY_MS + 7)).toBe(4)
  })
})
