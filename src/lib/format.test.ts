import { describe, expect, it } from 'vitest'
import { formatAmount, formatDateTime, formatDay, formatPercent, formatPrice } from './format.ts'
import { parseOffset } from './use-server-offset.ts'

// Intl puts narrow/no-break spaces in some languages; compare with plain spaces.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ')

describe('formatAmount', () => {
  it('shows the demo funds the same way on the balance and in the record, per language', () => {
    expect(formatAmount('10000', 'de-DE')).toBe('10.000,00')
    expect(formatAmount('10000', 'de-DE', { signed: true })).toBe('+10.000,00')
    expect(formatAmount('10000', 'en-US')).toBe('10,000.00')
    expect(formatAmount('10000', 'ja-JP')).toBe('10,000.00')
    expect(formatAmount('10000', 'th-TH')).toBe('10,000.00')
    expect(plain(formatAmount('10000', 'fr-FR'))).toBe('10 000,00')
    expect(formatAmount('10000000', 'hi-IN')).toBe('1,00,00,000.00')
  })
  it('rounds the decimal string half up without float error, even beyond float precision', () => {
    expect(formatAmount('1234567.005', 'en-US')).toBe('1,234,567.01')
    expect(formatAmount('0.1', 'en-US')).toBe('0.10')
    expect(formatAmount('-9999999999999999.99', 'en-US')).toBe('-9,999,999,999,999,999.99')
    expect(formatAmount('123456789012345678.123456', 'de-DE', { digits: 6 })).toBe('123.456.789.012.345.678,123456')
  })
  it('signs debits and credits but not zero', () => {
    expect(formatAmount('-25.5', 'en-US', { signed: true })).toBe('-25.50')
    expect(formatAmount('0', 'en-US', { signed: true })).toBe('0.00')
  })
  it('shows a dash for something that is not a number', () => {
    expect(formatAmount('abc', 'en-US')).toBe('—')
    expect(formatPrice('', 'en-US')).toBe('—')
    // Intl alone would show these as numbers.
    expect(formatAmount('0x10', 'en-US')).toBe('—')
    expect(formatAmount('Infinity', 'en-US')).toBe('—')
  })
})

describe('formatPrice and formatPercent', () => {
  it('keeps the instrument digits of a price', () => {
    expect(formatPrice('1.08500', 'de-DE')).toBe('1,08500')
    expect(formatPrice('65000.10', 'en-US')).toBe('65,000.10')
    expect(formatPrice('151.5', 'ja-JP', 3)).toBe('151.500')
  })
  it('writes percentages with the language sign and spacing', () => {
    expect(formatPercent('1.234', 'en-US', { signed: true })).toBe('+1.23%')
    expect(plain(formatPercent('-0.5', 'de-DE', { signed: true }))).toBe('-0,50 %')
    expect(formatPercent('12.5', 'th-TH')).toBe('12.50%')
  })
  it('rounds a percentage half away from zero on the exact string', () => {
    expect(formatPercent('0.005', 'en-US', { signed: true })).toBe('+0.01%')
    expect(formatPercent('-2.675', 'en-US', { signed: true })).toBe('-2.68%')
    expect(formatPercent('1.5e1', 'en-US')).toBe('15.00%')
  })
})

describe('formatDateTime', () => {
  const noonUtc = Date.UTC(2026, 10, 22, 12, 0, 0)
  it('shows times shifted by the server offset, in the active language', () => {
    expect(plain(formatDateTime(noonUtc, 'en-US', 480, 'time'))).toBe('8:00:00 PM')
    expect(formatDateTime(noonUtc, 'de-DE', -60, 'time')).toBe('11:00:00')
    expect(formatDateTime(noonUtc, 'ja-JP', 540, 'time')).toBe('21:00:00')
  })
  it('moves the date too when the offset crosses midnight', () => {
    const lateUtc = Date.UTC(2026, 10, 22, 23, 30)
    expect(formatDateTime(lateUtc, 'de-DE', 60, 'date')).toBe('23.11.2026')
    expect(formatDateTime(lateUtc, 'ja-JP', 0, 'date')).toBe('2026/11/22')
    // Thai uses the Buddhist calendar: 2026 is 2569.
    expect(formatDateTime(lateUtc, 'th-TH', 0, 'date')).toContain('2569')
  })
  it('shows a calendar day in the language, not the browser', () => {
    expect(formatDay('2026-03-05', 'de-DE')).toBe('05.03.2026')
    expect(formatDay('2026-03-05', 'en-US')).toBe('Mar 5, 2026')
    expect(formatDay('', 'en-US')).toBe('')
  })
  it('reads the offset setting and ignores nonsense', () => {
    expect(parseOffset('480')).toBe(480)
    expect(parseOffset('-330')).toBe(-330)
    expect(parseOffset('abc')).toBe(0)
    expect(parseOffset('99999')).toBe(0)
    expect(parseOffset(null)).toBe(0)
  })
})
