import { describe, expect, it } from 'vitest'
import { dec } from '#contract/trading-math.ts'
import { farFrom } from './far.ts'

describe('farFrom', () => {
  it('gives the distance in percent only beyond 20 % of the price', () => {
    expect(farFrom(dec('90'), dec('95000'))?.toFixed(2)).toBe('99.91')
    expect(farFrom(dec('120000'), dec('95000'))?.toFixed(2)).toBe('26.32')
    expect(farFrom(dec('90000'), dec('95000'))).toBeNull()
    expect(farFrom(dec('76000'), dec('95000'))).toBeNull()
    expect(farFrom(null, dec('95000'))).toBeNull()
  })

  it('takes another limit', () => {
    expect(farFrom(dec('1.2'), dec('1'), dec('0.1'))?.toFixed(0)).toBe('20')
  })
})
