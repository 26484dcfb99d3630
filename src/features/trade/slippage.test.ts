import { describe, expect, it } from 'vitest'
import { defaultSlippage, defaultSlippageIn, fromPriceUnits, toPriceUnits } from './slippage.ts'

const btc = { spread: '10.00', digits: 2 }
const eur = { spread: '0.00020', digits: 5 }

describe('defaultSlippage', () => {
  it('is 0.05 % of the price, rounded up to the last digit', () => {
    expect(defaultSlippage(btc, '95000.00')).toBe('47.50')
    expect(defaultSlippage(eur, '1.16001')).toBe('0.00059')
  })

  it('is never below the spread, and is the spread without a price', () => {
    expect(defaultSlippage({ spread: '0.00080', digits: 5 }, '1.16000')).toBe('0.00080')
    expect(defaultSlippage(btc, null)).toBe('10.00')
  })

  it('reads 0.05 % in percent and the same distance in points; the spread when that is wider', () => {
    expect(defaultSlippageIn('percent', btc, '95000.00')).toBe('0.05')
    // 0.05 % of 93 001.25 is 46.500625: 46.51 in price units, but still 0.05 as typed in percent.
    expect(defaultSlippageIn('percent', btc, '93001.25')).toBe('0.05')
    expect(defaultSlippageIn('percent', btc, null)).toBe('0.05')
    expect(defaultSlippageIn('points', btc, '95000.00')).toBe('4750')
    expect(defaultSlippageIn('points', eur, '1.16001')).toBe('59')
    // A spread of 0.00080 on 1.16 is 0.069 %, more than 0.05 %.
    expect(defaultSlippageIn('percent', { spread: '0.00080', digits: 5 }, '1.16000')).toBe('0.069')
  })
})

describe('toPriceUnits and fromPriceUnits', () => {
  it('turns points into price units on the instrument grid, and back', () => {
    expect(toPriceUnits('4750', 'points', btc, null)).toBe('47.50')
    expect(toPriceUnits('59', 'points', eur, null)).toBe('0.00059')
    expect(fromPriceUnits('0.00059', 'points', eur, null)).toBe('59')
  })

  it('turns percent of the price into price units, rounded up so the trader never accepts less than typed', () => {
    expect(toPriceUnits('0.05', 'percent', btc, '95000.00')).toBe('47.50')
    expect(toPriceUnits('0.05', 'percent', eur, '1.16001')).toBe('0.00059')
    expect(fromPriceUnits('47.50', 'percent', btc, '95000.00')).toBe('0.05')
  })

  it('refuses text that is not a number of 0 or more, and percent without a price', () => {
    expect(toPriceUnits('-1', 'points', btc, null)).toBeNull()
    expect(toPriceUnits('1e3', 'points', btc, null)).toBeNull()
    expect(toPriceUnits('', 'percent', btc, '95000')).toBeNull()
    expect(toPriceUnits('0.05', 'percent', btc, null)).toBeNull()
    expect(toPriceUnits('0', 'percent', btc, '95000')).toBe('0.00')
  })
})
