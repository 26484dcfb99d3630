// The chart's time labels at either edge: one that would be cut is left out, the others keep the library's text.
import { describe, expect, it } from 'vitest'
import type { IChartApi, Time } from 'lightweight-charts'
import { edgeSafeTickMarks } from './edge-labels.ts'

/** A chart 300 px wide whose bar at `time` (seconds) is drawn at x = time. */
const chart = { timeScale: () => ({ timeToCoordinate: (t: number) => t, width: () => 300 }) } as unknown as IChartApi
const TIME = 3 // TickMarkType.Time: "18:00", half of it about 19 px

describe('edgeSafeTickMarks', () => {
  const format = edgeSafeTickMarks(() => chart)
  it('leaves out a label that would be cut at the left or the right edge', () => {
    expect(format(5 as Time, TIME, 'en-US')).toBe('')
    expect(format(290 as Time, TIME, 'en-US')).toBe('')
  })
  it('keeps the library text (null) for a label with room on both sides', () => {
    expect(format(19 as Time, TIME, 'en-US')).toBeNull()
    expect(format(150 as Time, TIME, 'en-US')).toBeNull()
    expect(format(281 as Time, TIME, 'en-US')).toBeNull()
  })
  it('leaves the library alone before the chart exists', () => {
    expect(edgeSafeTickMarks(() => null)(5 as Time, TIME, 'en-US')).toBeNull()
  })
})
