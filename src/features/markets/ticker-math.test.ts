import { describe, expect, it } from 'vitest'
import type { Ticker } from '#contract/socket.ts'
import { changePercent, spread } from './ticker-math.ts'

const tick = (bid: string, ask: string, open?: string): Ticker => ({ symbol: 'EURUSD', bid, ask, time: 1, simulated: true, open })

describe('ticker maths', () => {
  it('measures the change of the mid price against the reference, exactly', () => {
    // mid 1.10 against 1.00 is +10 %; against 1.21 it is -9.09 %.
    expect(changePercent(tick('1.09994', '1.10006', '1.00000'))).toBe('10.00')
    expect(changePercent(tick('1.09994', '1.10006', '1.21'))).toBe('-9.09')
    expect(changePercent(tick('0.1', '0.3', '0.2'))).toBe('0.00')
  })
  it('has no change without a reference price', () => {
    expect(changePercent(tick('1', '1'))).toBeNull()
    expect(changePercent(tick('1', '1', '0'))).toBeNull()
  })
  it('gives the spread with the instrument digits', () => {
    expect(spread(tick('1.08494', '1.08506'))).toBe('0.00012')
    expect(spread(tick('65000.00', '65010.00'))).toBe('10.00')
  })
})
