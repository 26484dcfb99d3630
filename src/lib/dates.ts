// Times are epoch milliseconds on the wire; they are shown in the server's timezone (getConfigValue
// serverTimezoneOffset, minutes east of UTC) and the active language, through luxon.
import { DateTime, FixedOffsetZone } from 'luxon'

export function formatDateTime(millis: number, bcp47: string, offsetMinutes = 0, format = DateTime.DATETIME_MED): string {
  return DateTime.fromMillis(millis, { zone: FixedOffsetZone.instance(offsetMinutes) })
    .setLocale(bcp47)
    .toLocaleString(format)
}

export function parseOffset(value: string | null | undefined): number {
  const n = Number(value)
  return Number.isInteger(n) && Math.abs(n) <= 14 * 60 ? n : 0
}
