import { describe, expect, it } from 'vitest'
import { shortAddress } from './account-card.tsx'

describe('shortAddress', () => {
  it('keeps 0x, the first 4 and the last 4 hex digits', () => {
    expect(shortAddress('0x52908400098527886E0F7030069857D2E4169EE7')).toBe('0x5290…9EE7')
  })
})
