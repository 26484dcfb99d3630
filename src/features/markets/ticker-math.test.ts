import Decimal from 'decimal.js'
import fc from 'fast-check'
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
  it('rounds half away from zero, below zero too, and never shows -0.00', () => {
    // mid 0.99995 against 1: -0.005 % rounds away from zero to -0.01; mid 0.999999 is -0.0001 %, shown as 0.00.
    expect(changePercent(tick('0.99990', '1.00000', '1'))).toBe('-0.01')
    expect(changePercent(tick('0.999999', '0.999999', '1'))).toBe('0.00')
    expect(changePercent(tick('65000.00', '65010.00', '60000'))).toBe('8.34')
  })
  it('agrees with decimal.js on any prices (which would write a rounded zero as -0.00)', () => {
    const NEGATIVE_ZERO = /^-(0(\.0+)?)$/
    // decimal.js keeps 20 significant digits by default; the reference needs every digit, as the BigInt maths has.
    const Exact = Decimal.clone({ precision: 80 })
    const price = fc.tuple(fc.bigInt({ min: 0n, max: 10n ** 12n }), fc.integer({ min: 0, max: 8 })).map(([units, scale]) => {
      const text = units.toString().padStart(scale + 1, '0')
      return scale === 0 ? text : `${text.slice(0, -scale)}.${text.slice(-scale)}`
    })
    fc.assert(
      fc.property(price, price, price, (bid, ask, open) => {
        const mid = new Exact(bid).plus(ask).div(2)
        const expected = new Exact(open).isZero() ? null : mid.minus(open).div(open).times(100).toFixed(2, Decimal.ROUND_HALF_UP).replace(NEGATIVE_ZERO, '$1')
        expect(changePercent(tick(bid, ask, open))).toBe(expected)
        expect(spread(tick(bid, ask))).toBe(new Exact(ask).minus(bid).toFixed(/\.(\d+)$/.exec(bid)?.[1]?.length ?? 0, Decimal.ROUND_HALF_UP).replace(NEGATIVE_ZERO, '$1'))
      }),
    )
  })
})
