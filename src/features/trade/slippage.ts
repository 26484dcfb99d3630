// The accepted slippage a ticket starts with. The spread alone (the old default) is less than a busy second moves
// the price, so a market order re-quoted again and again; 0.05 % of the price is what a few seconds of review
// typically moves (the simulator: up to 0.02 % a tick), and never less than the spread.
import { Decimal } from 'decimal.js'
import type { Instrument } from '#contract/markets.ts'
import { dec } from '#contract/trading-math.ts'

export const DEFAULT_SLIPPAGE_SHARE = dec('0.0005')

/** In price units, rounded up to the instrument's last digit; the spread while there is no price yet. */
export function defaultSlippage(inst: Pick<Instrument, 'spread' | 'digits'>, price: string | null | undefined): string {
  const share = price ? dec(price).times(DEFAULT_SLIPPAGE_SHARE) : dec('0')
  return Decimal.max(share, dec(inst.spread)).toDecimalPlaces(inst.digits, Decimal.ROUND_UP).toFixed(inst.digits)
}
