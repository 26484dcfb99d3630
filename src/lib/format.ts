// One formatter for every number and date the app shows, in the active language (docs/design-system.md, "Numbers and dates"). Decimal strings never
// become floats: Intl.NumberFormat receives the *string* (exact decimal input, ECMA-402 NumberFormat v3) and rounds
// it itself, half away from zero (its default roundingMode, halfExpand, is decimal.js's ROUND_HALF_UP), then adds
// the language's separators and grouping (hi-IN groups 1,00,000). No decimal.js here: it stays off the first visit.
// Dates are shown in the server's timezone (getConfigValue serverTimezoneOffset, minutes east of UTC).
import { useLingui } from '@lingui/react'
import { useServerOffset } from './use-server-offset.ts'

export type DateKind = 'datetime' | 'date' | 'time'
export type AmountOptions = { digits?: number; signed?: boolean }

const DASH = '—'
const cache = new Map<string, Intl.NumberFormat>()

function numberFormat(locale: string, digits: number, signed: boolean, percent = false): Intl.NumberFormat {
  const key = `${locale}|${digits}|${signed}|${percent}`
  let f = cache.get(key)
  if (!f) {
    f = new Intl.NumberFormat(locale, {
      style: percent ? 'percent' : 'decimal',
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
      signDisplay: signed ? 'exceptZero' : 'auto',
    })
    cache.set(key, f)
  }
  return f
}

/** A plain decimal ("-12.50", "1e-7"); Intl would also take " 1", "0x10" or "Infinity", which are not amounts. */
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i

function toDecimal(value: string | number): string | null {
  const s = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim()
  return DECIMAL.test(s) ? s : null
}

// NumberFormat v3 takes an exact decimal string; the lib typings only know number | bigint.
const exact = (s: string) => s as unknown as number

/** An amount with `digits` decimals (default 2), rounded half up; "+" for credits when `signed`. */
export function formatAmount(value: string | number, locale: string, opts: AmountOptions = {}): string {
  const d = toDecimal(value)
  if (!d) return DASH
  const digits = opts.digits ?? 2
  return numberFormat(locale, digits, opts.signed ?? false).format(exact(d))
}

/** A price keeps the digits it arrived with (an instrument's precision) unless told otherwise. */
export function formatPrice(value: string, locale: string, digits?: number): string {
  const d = toDecimal(value)
  if (!d) return DASH
  // The digits as written ("1.08500" has 5).
  const written = /\.(\d+)$/.exec(d)?.[1]?.length ?? 0
  return formatAmount(value, locale, { digits: digits ?? written })
}

/** `value` is in percent ("1.5" is 1.5 %), shown with 2 decimals and the language's percent sign and spacing. */
export function formatPercent(value: string, locale: string, opts: { signed?: boolean } = {}): string {
  const d = toDecimal(value)
  if (!d) return DASH
  // Percent style multiplies by 100: lowering the exponent divides the exact string by 100 first.
  const [mantissa, exponent = '0'] = d.split(/e/i)
  return numberFormat(locale, 2, opts.signed ?? false, true).format(exact(`${mantissa}e${Number(exponent) - 2}`))
}

const DATE_OPTIONS: Record<DateKind, Intl.DateTimeFormatOptions> = {
  datetime: { dateStyle: 'medium', timeStyle: 'short' },
  date: { dateStyle: 'medium' },
  time: { timeStyle: 'medium' },
}

const dateCache = new Map<string, Intl.DateTimeFormat>()

/**
 * Epoch ms as the server's wall clock: shifting by the offset and formatting in UTC works in every engine (named
 * offset zones such as "+05:30" do not, yet). The formatter is kept per language and kind: building one loads the
 * language's calendar data, and the price list's "Updated" time is formatted on every tick.
 */
export function formatDateTime(ms: number, locale: string, offsetMinutes = 0, kind: DateKind = 'datetime'): string {
  if (!Number.isFinite(ms)) return DASH
  const key = `${locale}|${kind}`
  let f = dateCache.get(key)
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { ...DATE_OPTIONS[kind], timeZone: 'UTC' })
    dateCache.set(key, f)
  }
  return f.format(ms + offsetMinutes * 60_000)
}

/** A yyyy-mm-dd calendar day (no time, no zone) in the language's medium date style. */
export function formatDay(day: string, locale: string): string {
  const ms = Date.parse(`${day}T00:00:00Z`)
  return Number.isNaN(ms) ? '' : formatDateTime(ms, locale, 0, 'date')
}

export type Format = {
  locale: string
  amount: (value: string, opts?: AmountOptions) => string
  price: (value: string, digits?: number) => string
  percent: (value: string, opts?: { signed?: boolean }) => string
  dateTime: (ms: number, kind?: DateKind) => string
  day: (yyyyMmDd: string) => string
}

/**
 * The active language's tag, re-rendering when it changes. For numbers only: useFormat also asks for the server's
 * offset (a query observer per caller), and a row of prices has three numbers.
 */
export function useLocale(): string {
  const { i18n } = useLingui()
  return i18n.locale || 'en-US'
}

/** The formatter bound to the active Lingui locale and the server's offset; re-renders when either changes. */
export function useFormat(): Format {
  const locale = useLocale()
  const offset = useServerOffset()
  return {
    locale,
    amount: (value, opts) => formatAmount(value, locale, opts),
    price: (value, digits) => formatPrice(value, locale, digits),
    percent: (value, opts) => formatPercent(value, locale, opts),
    dateTime: (ms, kind) => formatDateTime(ms, locale, offset, kind),
    day: (d) => formatDay(d, locale),
  }
}
