import { describe, expect, it } from 'vitest'
import { isPartialLots, splitMargin } from './position-split.ts'

const eurusd = { marginCurrency: 'USDT', lotMin: '0.01', lotStep: '0.01' }
const odd = { marginCurrency: 'USDT', lotMin: '0.1', lotStep: '0.05' }

describe('isPartialLots', () => {
  it.each([
    ['1', '0.4', true],
    ['1', '0.99', true],
    ['1', '1', false],
    ['1', '1.2', false],
    ['1', '0', false],
    ['1', '0.015', false],
    // What stays open must be a lot size too: 0.1 minimum, steps of 0.05 from it.
    ['0.3', '0.15', true],
    ['0.3', '0.25', false],
    ['0.3', '0.05', false],
  ])('a %s-lot position, closing %s: %s', (lots, part, ok) => {
    expect(isPartialLots(lots === '0.3' ? odd : eurusd, lots, part)).toBe(ok)
  })
})

describe('splitMargin', () => {
  it('gives the part its share of the margin: 0.4 of 233.28 is 93.312', () => {
    const { part, rest } = splitMargin(eurusd, '233.28', '1', '0.4')
    expect([part.toFixed(), rest.toFixed()]).toEqual(['93.312', '139.968'])
  })

  it('rounds the part down to the ledger scale (6 for USDT) and leaves the odd unit with the position', () => {
    const { part, rest } = splitMargin(eurusd, '100', '3', '1')
    expect([part.toFixed(), rest.toFixed()]).toEqual(['33.333333', '66.666667'])
    expect(part.plus(rest).toFixed()).toBe('100')
  })
})
