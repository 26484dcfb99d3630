// Worked examples of the withdrawal fee and limits, and a property that nothing is lost or made up.
import { describe, expect, it } from 'vitest'
import * as fc from 'fast-check'
import { withdrawIssue, withdrawQuote, type WithdrawTerms } from './withdraw-math.ts'

const usdt: WithdrawTerms = { currency: 'USDT', network: 'ERC20', fee: '1', feeRate: '0.001', min: '10', dailyMax: '1000', kycAbove: '500' }
const check = (amount: string, over: Partial<Parameters<typeof withdrawIssue>[0]> = {}) =>
  withdrawIssue({ amount, terms: usdt, available: '2000', usedToday: '0', kycVerified: false, ...over })

describe('withdrawQuote', () => {
  it('100 USDT with a 1 USDT fee and 0.1 %: 1.1 USDT fee, 98.9 arrive', () => {
    const q = withdrawQuote('100', usdt)
    expect([q.fee.toFixed(), q.receive.toFixed()]).toEqual(['1.1', '98.9'])
  })

  it('rounds the proportional fee up to 6 decimals: 10.000001 × 0.1 % is 0.010000001, charged 0.010001', () => {
    const q = withdrawQuote('10.000001', { ...usdt, fee: '0' })
    // 10.000001 − 0.010001 = 9.99 arrive, to the last unit.
    expect([q.fee.toFixed(), q.receive.toFixed()]).toEqual(['0.010001', '9.99'])
  })

  it('ETH keeps 18 decimals', () => {
    const q = withdrawQuote('0.123456789012345678', { currency: 'ETH', fee: '0.0005', feeRate: '0' })
    expect(q.receive.toFixed()).toBe('0.122956789012345678')
  })

  it('fee + what arrives is exactly the amount, for any amount and terms', () => {
    const decimal = (max: number, scale: number) =>
      fc.tuple(fc.integer({ min: 0, max }), fc.integer({ min: 0, max: 10 ** scale - 1 })).map(([i, f]) => `${i}.${String(f).padStart(scale, '0')}`)
    fc.assert(
      fc.property(decimal(10_000_000, 6), decimal(100, 6), fc.integer({ min: 0, max: 100 }), (amount, fee, permille) => {
        const q = withdrawQuote(amount, { currency: 'USDT', fee, feeRate: `0.${String(permille).padStart(3, '0')}` })
        expect(q.fee.plus(q.receive).toFixed()).toBe(q.amount.toFixed())
        expect(q.fee.decimalPlaces()).toBeLessThanOrEqual(6)
      }),
    )
  })
})

describe('withdrawIssue', () => {
  it('lets 100 USDT through when the limits allow it', () => {
    expect(check('100')).toBeNull()
  })

  it.each([
    ['10.0000001', {}, { code: 'tooPrecise', scale: 6 }],
    ['9.99', {}, { code: 'belowMin', min: '10' }],
    ['10', { terms: { ...usdt, fee: '10' } }, { code: 'nothingArrives', fee: '10.01' }],
    ['300', { available: '299.5' }, { code: 'insufficient', available: '299.5' }],
    ['300', { available: '-5' }, { code: 'insufficient', available: '0' }],
    ['300', { usedToday: '800' }, { code: 'dailyMax', max: '1000', left: '200' }],
    ['300', { usedToday: '1200' }, { code: 'dailyMax', max: '1000', left: '0' }],
    ['500.01', {}, { code: 'kycRequired', above: '500' }],
  ] as const)('%s USDT with %o: %o', (amount, over, issue) => {
    expect(check(amount, over)).toEqual(issue)
  })

  it('takes exactly the minimum, the daily maximum and the KYC threshold', () => {
    expect(check('10')).toBeNull()
    expect(check('500')).toBeNull()
    expect(check('200', { usedToday: '800' })).toBeNull()
    expect(check('1000', { kycVerified: true })).toBeNull()
  })

  it('has no daily maximum or KYC threshold when they are not configured', () => {
    expect(check('1900', { terms: { ...usdt, dailyMax: null, kycAbove: null }, usedToday: '99999' })).toBeNull()
  })
})
