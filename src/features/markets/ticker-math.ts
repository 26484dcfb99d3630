// What the screens derive from a ticker, exactly: prices are decimal strings, read here as scaled BigInt integers
// (no floats). Not decimal.js: the home page's price list needs only these two results, and decimal.js (12 KB gzip)
// would otherwise ride along on every first visit (bench/size.ts).
import type { Ticker } from '#contract/socket.ts'

type Scaled = { units: bigint; scale: number }

const digitsOf = (price: string) => /\.(\d+)$/.exec(price)?.[1]?.length ?? 0

function parse(value: string): Scaled {
  const [whole = '0', fraction = ''] = value.split('.')
  return { units: BigInt(whole + fraction), scale: fraction.length }
}

/** The integer at `scale` decimals (scale >= the value's own). */
const at = (v: Scaled, scale: number) => v.units * 10n ** BigInt(scale - v.scale)

/** n / d rounded half away from zero (decimal.js's ROUND_HALF_UP). */
function divideRounded(n: bigint, d: bigint): bigint {
  const negative = n < 0n !== d < 0n
  const an = n < 0n ? -n : n
  const ad = d < 0n ? -d : d
  const q = an / ad + (2n * (an % ad) >= ad ? 1n : 0n)
  return negative ? -q : q
}

/** An integer count of 10^-digits as a decimal string ("-909" with 2 digits is "-9.09"). */
function format(units: bigint, digits: number): string {
  const negative = units < 0n
  const text = (negative ? -units : units).toString().padStart(digits + 1, '0')
  const body = digits === 0 ? text : `${text.slice(0, -digits)}.${text.slice(-digits)}`
  return negative ? `-${body}` : body
}

/** ask - bid with the instrument's digits (those of the bid). */
export function spread(t: Ticker): string {
  const bid = parse(t.bid)
  const ask = parse(t.ask)
  const digits = digitsOf(t.bid)
  const scale = Math.max(bid.scale, ask.scale, digits)
  return format(divideRounded(at(ask, scale) - at(bid, scale), 10n ** BigInt(scale - digits)), digits)
}

/**
 * Change of the mid price against the ticker's reference (`open`), in percent with 2 decimals; null when the
 * ticker has no reference (prices saved by an older version) or it is zero.
 * (mid − open) / open × 100 = (bid + ask − 2 × open) / (2 × open) × 100, and × 100 again for the 2 decimals.
 */
export function changePercent(t: Ticker): string | null {
  if (!t.open) return null
  const bid = parse(t.bid)
  const ask = parse(t.ask)
  const open = parse(t.open)
  const scale = Math.max(bid.scale, ask.scale, open.scale)
  const o = at(open, scale)
  if (o === 0n) return null
  return format(divideRounded((at(bid, scale) + at(ask, scale) - 2n * o) * 10_000n, 2n * o), 2)
}
