import { describe, expect, it } from 'vitest'
import { bidIssue, endAfterBid, minNextBid } from './nft-math.ts'

describe('the smallest bid', () => {
  it('is the reserve with no bid, else the current bid plus the step, exactly', () => {
    expect(minNextBid({ reservePrice: '100', minStep: '0.1', currentBid: null })).toBe('100')
    expect(minNextBid({ reservePrice: '100', minStep: '0.1', currentBid: '100.2' })).toBe('100.3')
  })
})

describe('bidIssue', () => {
  const base = { min: '110', scale: 6, available: '500' }
  it('refuses too many decimals, then too low, then more than is available', () => {
    expect(bidIssue({ ...base, amount: '120.0000001' })).toEqual({ code: 'tooPrecise', scale: 6 })
    expect(bidIssue({ ...base, amount: '109.999999' })).toEqual({ code: 'tooLow', min: '110' })
    expect(bidIssue({ ...base, amount: '500.000001' })).toEqual({ code: 'insufficient', available: '500' })
  })
  it('accepts the minimum and all that is available', () => {
    expect(bidIssue({ ...base, amount: '110' })).toBeNull()
    expect(bidIssue({ ...base, amount: '500' })).toBeNull()
  })
})

describe('anti-sniping', () => {
  it('moves the end only for a bid inside the window, never earlier, and not at all with no window', () => {
    expect(endAfterBid(10_000, 0, 5_000, 5_000)).toBe(10_000)
    expect(endAfterBid(10_000, 6_000, 5_000, 5_000)).toBe(11_000)
    expect(endAfterBid(10_000, 9_000, 5_000, 500)).toBe(10_000)
    expect(endAfterBid(10_000, 9_999, 0, 5_000)).toBe(10_000)
  })
})
