// Times are epoch milliseconds on the wire; they are shown in the server's timezone (getConfigValue
// serverTimezoneOffset, minutes east of UTC) and the active language, through luxon.
import { DateTime, FixedOffsetZone } from 'luxon'

const FORMATS = { datetime: DateTime.DATETIME_MED, time: DateTime.TIME_WITH_SECONDS, date: DateTime.DATE_MED }

export function formatDateTime(millis: number, bcp47: string, offsetMinutes = 0, kind: keyof typeof FORMATS = 'datetime'): string {
  return DateTime.fromMillis(millis, { zone: FixedOffsetZone.instance(offsetMinutes) })
    .setLocale(bcp47)
    .toLocaleString(FORMATS[kind])
}

