// lightweight-charts draws each time label centred on its bar and clips it at the edge of the axis (it moves one
// inwards only at a fixed edge, docs in its TimeScale options), so at 320 and 428 a label at either end showed cut
// ("8:00" for "18:00"). This leaves out a label whose half would not fit between its bar and the edge, and asks
// again whenever the visible range moves: applying the localization clears the library's cache of formatted labels.
import type { IChartApi, Time, TickMarkFormatter } from 'lightweight-charts'

/** Half a label's width in px at the axis's 12 px, by TickMarkType (Year, Month, DayOfMonth, Time, TimeWithSeconds). */
const HALF = [16, 18, 9, 19, 28]

/** The axis's formatter: '' (nothing drawn) for a label that would be cut, else the library's own (null). */
export function edgeSafeTickMarks(chart: () => IChartApi | null): TickMarkFormatter {
  return (time: Time, type: number) => {
    const scale = chart()?.timeScale()
    const x = scale?.timeToCoordinate(time)
    if (!scale || x === null || x === undefined) return null
    const half = HALF[type] ?? 20
    return x < half || x > scale.width() - half ? '' : null
  }
}

/** Re-asks the formatter when the chart scrolls, zooms or resizes. */
export function refreshEdgeLabels(api: IChartApi) {
  api.timeScale().subscribeVisibleLogicalRangeChange(() => api.applyOptions({ localization: {} }))
}
