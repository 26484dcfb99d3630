import { describe, expect, it } from 'vitest'
import { dec } from '#contract/trading-math.ts'
import { fittingType } from './pending.ts'

describe('fittingType', () => {
  const ask = dec('1.16640')
  const bid = dec('1.16628')
  it('makes a buy below the ask a limit and above it a stop; a sell above the bid a limit and below it a stop', () => {
    expect(fittingType('buy', dec('1.16000'), ask)).toBe('limit')
    expect(fittingType('buy', dec('1.16641'), ask)).toBe('stop')
    expect(fittingType('sell', dec('1.17000'), bid)).toBe('limit')
    expect(fittingType('sell', dec('1.16627'), bid)).toBe('stop')
  })
  it('gives no type at the market price itself, where an order would fill at once', () => {
    expect(fittingType('buy', dec('1.1664'), ask)).toBeNull()
    expect(fittingType('sell', bid, bid)).toBeNull()
  })
})
