import { describe, expect, it } from 'vitest'
import { isMarketOpen, nextOpen } from './trading-hours.ts'

// The week of Sunday 2026-11-22 (Date.UTC months count from 0).
const at = (day: number, hour: number, minute = 0) => Date.UTC(2026, 10, day, hour, minute)
const SUN = 22
const MON = 23
const FRI = 27
const SAT = 28

describe('24x7 (crypto)', () => {
  it('is open at any instant, also at the weekend', () => {
    for (const t of [at(SAT, 12), at(SUN, 0), at(FRI, 22), 0]) {
      expect(isMarketOpen('24x7', t)).toBe(true)
      expect(nextOpen('24x7', t)).toBeNull()
    }
  })
})

describe('24x5 (forex)', () => {
  it('opens on Sunday at 22:00 exactly', () => {
    expect(isMarketOpen('24x5', at(SUN, 22) - 1)).toBe(false)
    expect(nextOpen('24x5', at(SUN, 22) - 1)).toBe(at(SUN, 22))
    expect(isMarketOpen('24x5', at(SUN, 22))).toBe(true)
    expect(nextOpen('24x5', at(SUN, 22))).toBeNull()
  })

  it('stays open through the week and closes on Friday at 22:00', () => {
    expect(isMarketOpen('24x5', at(25, 3))).toBe(true)
    expect(isMarketOpen('24x5', at(FRI, 22) - 1)).toBe(true)
    expect(isMarketOpen('24x5', at(FRI, 22))).toBe(false)
    expect(nextOpen('24x5', at(FRI, 22))).toBe(at(29, 22))
  })

  it('is closed on Saturday and Sunday morning, opening on Sunday evening', () => {
    expect(nextOpen('24x5', at(SAT, 12))).toBe(at(29, 22))
    expect(nextOpen('24x5', at(SUN, 0))).toBe(at(SUN, 22))
  })
})

describe('us_equity (stocks, ETF)', () => {
  it('opens Monday to Friday at 14:30 and closes at 21:00', () => {
    expect(isMarketOpen('us_equity', at(MON, 14, 30) - 1)).toBe(false)
    expect(nextOpen('us_equity', at(MON, 14, 30) - 1)).toBe(at(MON, 14, 30))
    expect(isMarketOpen('us_equity', at(MON, 14, 30))).toBe(true)
    expect(isMarketOpen('us_equity', at(MON, 21) - 1)).toBe(true)
    expect(isMarketOpen('us_equity', at(MON, 21))).toBe(false)
    expect(nextOpen('us_equity', at(MON, 21))).toBe(at(24, 14, 30))
  })

  it('after Friday\'s close opens next on Monday', () => {
    expect(isMarketOpen('us_equity', at(FRI, 20, 59))).toBe(true)
    expect(nextOpen('us_equity', at(FRI, 21))).toBe(at(30, 14, 30))
    expect(nextOpen('us_equity', at(SAT, 15))).toBe(at(30, 14, 30))
    expect(nextOpen('us_equity', at(SUN, 15))).toBe(at(MON, 14, 30))
  })
})

describe('futures', () => {
  it('opens on Sunday at 23:00, an hour after forex', () => {
    expect(isMarketOpen('futures', at(SUN, 22, 30))).toBe(false)
    expect(isMarketOpen('futures', at(SUN, 23) - 1)).toBe(false)
    expect(nextOpen('futures', at(SUN, 23) - 1)).toBe(at(SUN, 23))
    expect(isMarketOpen('futures', at(SUN, 23))).toBe(true)
  })

  it('pauses every day from 22:00 to 23:00', () => {
    expect(isMarketOpen('futures', at(25, 22) - 1)).toBe(true)
    expect(isMarketOpen('futures', at(25, 22))).toBe(false)
    expect(nextOpen('futures', at(25, 22))).toBe(at(25, 23))
    expect(isMarketOpen('futures', at(25, 23) - 1)).toBe(false)
    expect(isMarketOpen('futures', at(25, 23))).toBe(true)
    expect(isMarketOpen('futures', at(26, 0))).toBe(true)
  })

  it('closes on Friday at 22:00 until Sunday 23:00', () => {
    expect(isMarketOpen('futures', at(FRI, 22) - 1)).toBe(true)
    expect(isMarketOpen('futures', at(FRI, 22))).toBe(false)
    expect(nextOpen('futures', at(FRI, 22, 30))).toBe(at(29, 23))
    expect(nextOpen('futures', at(SAT, 23))).toBe(at(29, 23))
  })
})

it('handles instants before the first Sunday after the epoch', () => {
  // 1970-01-01 00:00 UTC was a Thursday: forex open, stocks closed until 14:30 that day.
  expect(isMarketOpen('24x5', 0)).toBe(true)
  expect(nextOpen('us_equity', 0)).toBe(14.5 * 60 * 60 * 1000)
})
