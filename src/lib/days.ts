// Date filters (the record, the position history) pick calendar days on the server's clock (the times in the rows
// are shown on it too), so "from 5 March" means 00:00 on 5 March where the operator's timezone says so
// (serverTimezoneOffset, minutes east of UTC).
const DAY_MS = 86_400_000

/** yyyy-mm-dd to the first millisecond of that day on the server's clock; '' to no bound. */
export function dayStart(day: string, offsetMinutes: number): number | undefined {
  if (!day) return undefined
  const ms = Date.parse(`${day}T00:00:00Z`)
  return Number.isNaN(ms) ? undefined : ms - offsetMinutes * 60_000
}

/** The last millisecond of that day, so "to" includes the whole chosen day. */
export function dayEnd(day: string, offsetMinutes: number): number | undefined {
  const start = dayStart(day, offsetMinutes)
  return start === undefined ? undefined : start + DAY_MS - 1
}

/** Epoch ms back to the yyyy-mm-dd it falls on, on the server's clock. */
export function toDay(ms: number | undefined, offsetMinutes: number): string {
  return ms === undefined ? '' : new Date(ms + offsetMinutes * 60_000).toISOString().slice(0, 10)
}
