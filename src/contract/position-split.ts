// Closing part of a position (docs/trading.md "Closing part of a position"): which lots may be closed, and how the
// position's margin divides between the closed part and what stays open. Shared by the app's sheet and the server.
import { dec, Dec, moneyScale, type MathInstrument, type Num } from './trading-math.ts'

type LotGrid = Pick<MathInstrument, 'marginCurrency'> & { lotMin: Num; lotStep: Num }

const onGrid = (inst: LotGrid, lots: Dec) => lots.gte(inst.lotMin) && lots.minus(inst.lotMin).mod(inst.lotStep).isZero()

/** Whether `part` lots of a `lots`-lot position can close: both the part and what stays open lie on the lot grid. */
export const isPartialLots = (inst: LotGrid, lots: Num, part: Num): boolean => {
  const p = dec(part)
  const rest = dec(lots).minus(p)
  return p.gt(0) && rest.gt(0) && onGrid(inst, p) && onGrid(inst, rest)
}

/**
 * The margin the closed part releases: its share of the position's margin, rounded down to the ledger's scale of
 * the margin currency, so the part and the rest add up to the margin held exactly (the rest keeps the odd unit).
 */
export function splitMargin(inst: LotGrid, margin: Num, lots: Num, part: Num): { part: Dec; rest: Dec } {
  const share = dec(margin).times(part).div(lots).toDecimalPlaces(moneyScale(inst.marginCurrency), Dec.ROUND_DOWN)
  return { part: share, rest: dec(margin).minus(share) }
}
