// Numbers in the record's sentences, in the reader's language. Intl.NumberFormat takes the exact decimal string
// (NumberFormat v3), so nothing passes through a float. Amounts show 2 decimals like the app's amounts, unless that
// would turn a non-zero amount into 0.00 (a small crypto fee): then up to 8.
import { toBcp47 } from '#contract/locales.ts'
import { Decimal } from '../../ledger/decimal.ts'

const cache = new Map<string, Intl.NumberFormat>()
function formatter(locale: string, min: number, max: number, signed: boolean) {
  const key = `${locale}|${min}|${max}|${signed}`
  let f = cache.get(key)
  if (!f) cache.set(key, (f = new Intl.NumberFormat(locale, { minimumFractionDigits: min, maximumFractionDigits: max, signDisplay: signed ? 'exceptZero' : 'auto' })))
  return f
}

// The typings know number | bigint only; the engine takes a decimal string exactly.
const exact = (s: string) => s as unknown as number

export type Numbers = { amount: (v: string, signed?: boolean) => string; lots: (v: string) => string }

export function numbersFor(language: string | undefined): Numbers {
  const locale = toBcp47(language)
  return {
    amount: (v, signed = false) => {
      const cents = formatter(locale, 2, 2, signed)
      const d = new Decimal(v)
      const tiny = !d.isZero() && d.abs().lt('0.005')
      return (tiny ? formatter(locale, 2, 8, signed) : cents).format(exact(d.toFixed()))
    },
    // Lots keep the digits they were ordered with (0.01, 1.5).
    lots: (v) => formatter(locale, 0, 8, false).format(exact(v)),
  }
}
