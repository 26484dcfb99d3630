import { describe, expect, it } from 'vitest'
import { dayEnd, dayStart, toDay } from './days.ts'

describe('record filter days', () => {
  it('starts and ends a day on the server clock', () => {
    // UTC+8: 5 March starts at 16:00 UTC on 4 March.
    expect(dayStart('2026-03-05', 480)).toBe(Date.UTC(2026, 2, 4, 16))
    expect(dayEnd('2026-03-05', 480)).toBe(Date.UTC(2026, 2, 5, 16) - 1)
    expect(dayStart('', 480)).toBeUndefined()
    expect(dayEnd('nonsense', 0)).toBeUndefined()
  })
  it('turns a bound back into the chosen day, for both ends', () => {
    expect(toDay(dayStart('2026-03-05', -300), -300)).toBe('2026-03-05')
    expect(toDay(dayEnd('2026-03-05', 480), 480)).toBe('2026-03-05')
    expect(toDay(undefined, 0)).toBe('')
  })
})
