// Whether a market is open, and when it opens next, from its TradingHours (markets.ts) alone: pure, in UTC, shared by
// the server (orders refuse a closed market) and the app (the "market closed" label). Holidays and daylight saving
// are not modelled: the sessions are the fixed UTC windows the TradingHours comment defines.
import type { TradingHours } from './markets.ts'

const HOUR = 60 * 60 * 1000
const DAY = 24 * HOUR
const WEEK = 7 * DAY
/** 1970-01-01 was a Thursday, so the first Sunday 00:00 UTC after the epoch is three days in. */
const FIRST_SUNDAY = 3 * DAY

/** Open windows as [start, end) offsets from Sunday 00:00 UTC, ascending and within one week. */
const SESSIONS: Record<Exclude<TradingHours, '24x7'>, ReadonlyArray<readonly [number, number]>> = {
  // Sunday 22:00 to Friday 22:00.
  '24x5': [[22 * HOUR, 5 * DAY + 22 * HOUR]],
  // Monday to Friday 14:30 to 21:00.
  us_equity: [1, 2, 3, 4, 5].map((d) => [d * DAY + 14.5 * HOUR, d * DAY + 21 * HOUR] as const),
  // Sunday 23:00 to Friday 22:00, closed 22:00 to 23:00 every day: one window per trading day.
  futures: [0, 1, 2, 3, 4].map((d) => [d * DAY + 23 * HOUR, (d + 1) * DAY + 22 * HOUR] as const),
}

/** Milliseconds since the last Sunday 00:00 UTC. */
const weekOffset = (nowMs: number) => (((nowMs - FIRST_SUNDAY) % WEEK) + WEEK) % WEEK

export function isMarketOpen(hours: TradingHours, nowMs: number): boolean {
  if (hours === '24x7') return true
  const t = weekOffset(nowMs)
  return SESSIONS[hours].some(([start, end]) => t >= start && t < end)
}

/** When a closed market opens next (epoch ms); null when it is open now. */
export function nextOpen(hours: TradingHours, nowMs: number): number | null {
  if (isMarketOpen(hours, nowMs)) return null
  const sessions = SESSIONS[hours as Exclude<TradingHours, '24x7'>]
  const t = weekOffset(nowMs)
  const weekStart = nowMs - t
  const later = sessions.find(([start]) => start > t)
  return later ? weekStart + later[0] : weekStart + WEEK + sessions[0]![0]
}
