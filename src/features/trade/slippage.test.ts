import { describe, expect, it } from 'vitest'
import { defaultSlippage } from './slippage.ts'

describe('defaultSlippage', () => {
  it('is 0.05 % of the price, rounded up to the last digit', () => {
    expect(defaultSlippage({ spread: '10.00', digits: 2 }, '95000.00')).toBe('47.50')
    expect(defaultSlippage({ spread: '0.00020', digits: 5 }, '1.16001')).toBe('0.00059')
  })

  it('is never below the spread, and is the spread without a price', () => {
    expect(defaultSlippage({ spread: '0.00080', digits: 5 }, '1.16000')).toBe('0.00080')
    expect(defaultSlippage({ spread: '10.00', digits: 2 }, null)).toBe('10.00')
  })
})
