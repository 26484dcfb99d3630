import { describe, expect, it } from 'vitest'
import { formatDateTime } from './dates.ts'
import { parseOffset } from './use-server-offset.ts'

describe('dates', () => {
  const noonUtc = Date.UTC(2026, 10, 22, 12, 0, 0)
  it('shows times shifted by the server offset, in the active language', () => {
    expect(formatDateTime(noonUtc, 'en-US', 480, 'time')).toBe('8:00:00 PM')
    expect(formatDateTime(noonUtc, 'de-DE', -60, 'time')).toBe('11:00:00')
  })
  it('reads the offset setting and ignores nonsense', () => {
    expect(parseOffset('480')).toBe(480)
    expect(parseOffset('-330')).toBe(-330)
    expect(parseOffset('abc')).toBe(0)
    expect(parseOffset('99999')).toBe(0)
    expect(parseOffset(null)).toBe(0)
  })
})
