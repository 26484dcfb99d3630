import { describe, expect, it } from 'vitest'
import { formatAmount } from './numbers.ts'

describe('formatAmount', () => {
  it('groups thousands and keeps 2 decimals without float error', () => {
    expect(formatAmount('1234567.005')).toBe('1,234,567.01')
    expect(formatAmount('0.1')).toBe('0.10')
    expect(formatAmount('-9999999999999999.99')).toBe('-9,999,999,999,999,999.99')
  })
  it('uses the locale separators', () => {
    expect(formatAmount('1234.5', 'de-DE')).toBe('1.234,50')
  })
  it('shows a dash for something that is not a number', () => {
    expect(formatAmount('abc')).toBe('—')
  })
})
