import { describe, expect, it } from 'vitest'
import { amountIssue, dailyEarnings, exitDamages, exitReturn, maxPayout, totalAtExpiry } from './earn-math.ts'

const plan = { days: 30, dailyRate: '0.0123', exitShare: '0.15', currency: 'USDT', minAmount: '100', maxAmount: '5000' }

describe('Smart plan numbers', () => {
  it('rounds each day down to the currency scale and promises exactly days × that', () => {
    // 333.33 × 0.0123 = 4.099959, USDT keeps 6 decimals.
    expect(dailyEarnings('333.33', plan).toFixed()).toBe('4.099959')
    expect(dailyEarnings('1234.567891', plan).toFixed()).toBe('15.185185')
    expect(maxPayout('1234.567891', plan).toFixed()).toBe('455.55555')
    expect(totalAtExpiry('1234.567891', plan).toFixed()).toBe('1690.123441')
  })
  it('deducts exactly the disclosed share on early exit, never more', () => {
    expect(exitDamages('1234.567891', plan).toFixed()).toBe('185.185183')
    expect(exitReturn('1234.567891', plan).toFixed()).toBe('1049.382708')
    expect(exitDamages('1000', { ...plan, exitShare: '0' }).toFixed()).toBe('0')
  })
  it('names what is wrong with an amount', () => {
    expect(amountIssue('', plan)).toEqual({ code: 'empty' })
    expect(amountIssue('0', plan)).toEqual({ code: 'empty' })
    expect(amountIssue('99.999999', plan)).toEqual({ code: 'outOfRange', min: '100', max: '5000' })
    expect(amountIssue('100.0000001', plan)).toEqual({ code: 'tooPrecise', scale: 6 })
    expect(amountIssue('5000', plan)).toBeNull()
  })
})
