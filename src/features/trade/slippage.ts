// The accepted slippage: how far the fill may move from the price the trader confirmed. Typed in points (the
// instrument's last digit) or in percent of the price, and sent to the server in price units (maxSlippage,
// docs/api.md). The default is 0.05 % of the price, what a few seconds of review typically moves (the simulator: up
// to 0.02 % a tick), and never less than the spread: the spread alone re-quoted a market order again and again.
import { Decimal } from 'decimal.js'
import type { Instrument } from '#contract/markets.ts'
import { dec } from '#contract/trading-math.ts'

export const DEFAULT_SLIPPAGE_SHARE = dec('0.0005')

export type SlippageUnit = 'points' | 'percent'
type Inst = Pick<Instrument, 'spread' | 'digits'>

/** One point: the instrument's last digit (0.01 for a 2-digit price). */
export const pointOf = (inst: Pick<Instrument, 'digits'>): Decimal => new Decimal(10).pow(-inst.digits)

/** In price units, rounded up to the instrument's last digit; the spread while there is no price yet. */
export function defaultSlippage(inst: Inst, price: string | null | undefined): string {
  const share = price ? dec(price).times(DEFAULT_SLIPPAGE_SHARE) : dec('0')
  return Decimal.max(share, dec(inst.spread)).toDecimalPlaces(inst.digits, Decimal.ROUND_UP).toFixed(inst.digits)
}

/** The default in the unit the ticket shows: 0.05 (%) or the spread's share of `price` when wider; in points, the
 * price-unit default's whole points. Percent is worked out from the share itself, not from the rounded price units,
 * so it reads 0.05, not 0.051. */
export function defaultSlippageIn(unit: SlippageUnit, inst: Inst, price: string | null | undefined): string {
  if (unit === 'points') return fromPriceUnits(defaultSlippage(inst, price), unit, inst, price)
  const share = DEFAULT_SLIPPAGE_SHARE.times(100)
  if (!price || dec(price).isZero()) return share.toFixed()
  return Decimal.max(share, dec(inst.spread).div(price).times(100).toDecimalPlaces(3, Decimal.ROUND_UP)).toFixed()
}

/** A slippage typed in `unit` in price units, rounded up to the last digit (never less than asked); null when
 * the text is not a number of 0 or more, or percent has no price to apply to. */
export function toPriceUnits(value: string, unit: SlippageUnit, inst: Pick<Instrument, 'digits'>, price: Decimal | string | null | undefined): string | null {
  if (!/^\d+(\.\d+)?$/.test(value)) return null
  if (unit === 'points') return dec(value).times(pointOf(inst)).toDecimalPlaces(inst.digits, Decimal.ROUND_UP).toFixed(inst.digits)
  if (!price) return null
  return dec(price).times(value).div(100).toDecimalPlaces(inst.digits, Decimal.ROUND_UP).toFixed(inst.digits)
}

/** Price units written in `unit`: whole points (rounded up), or percent of `price` to 3 decimals (rounded up). */
export function fromPriceUnits(priceUnits: string, unit: SlippageUnit, inst: Pick<Instrument, 'digits'>, price: Decimal | string | null | undefined): string {
  if (unit === 'points') return dec(priceUnits).div(pointOf(inst)).toDecimalPlaces(0, Decimal.ROUND_UP).toFixed()
  if (!price || dec(price).isZero()) return '0'
  return dec(priceUnits).div(price).times(100).toDecimalPlaces(3, Decimal.ROUND_UP).toFixed()
}
