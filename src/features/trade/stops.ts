// TP and SL typed three ways: as a price, as a P/L amount in the margin currency, or as a percentage of the
// position's margin. Each is turned into the price the server receives, and the price back into the other two, with
// the shared maths (priceForProfit / profitAtPrice / percentOfMargin), so typing any of them shows the same numbers.
// A stop loss is typed as the size of the loss (50 means lose 50); a take profit as the gain.
import type { Decimal } from 'decimal.js'
import type { Instrument } from '#contract/markets.ts'
import type { Side } from '#contract/orders.ts'
import { dec, percentOfMargin, priceForProfit, profitAtPrice, profitForPercent, type Rates } from '#contract/trading-math.ts'

export type StopMode = 'price' | 'amount' | 'percent'
export type StopKind = 'tp' | 'sl'

export type StopContext = { inst: Instrument; side: Side; lots: string; open: Decimal; margin: Decimal; rates: Rates }

const isNumber = (v: string) => /^(\d+\.?\d*|\.\d+)$/.test(v) && dec(v).gt(0)

/** The price a typed value stands for (instrument digits), or null while it is empty or gives no positive price. */
export function stopPrice(kind: StopKind, mode: StopMode, text: string, ctx: StopContext): Decimal | null {
  if (!isNumber(text)) return null
  if (mode === 'price') return dec(text)
  const gain = mode === 'amount' ? dec(text) : profitForPercent(text, ctx.margin, ctx.inst.marginCurrency)
  const amount = kind === 'sl' ? gain.neg() : gain
  return priceForProfit(ctx.inst, ctx.side, ctx.lots, ctx.open, amount, ctx.rates)
}

/** A stop price in all three forms: the price, the P/L at that price, and that P/L as a percentage of the margin. */
export function stopViews(price: Decimal, ctx: StopContext): { price: string; amount: string; percent: string | null } {
  const amount = profitAtPrice(ctx.inst, ctx.side, ctx.lots, ctx.open, price, ctx.rates)
  const percent = percentOfMargin(amount, ctx.margin)
  return { price: price.toFixed(ctx.inst.digits), amount: amount.toFixed(2), percent: percent === null ? null : percent.toFixed(2) }
}

/** The text of the same stop in another mode (switching modes keeps the level, only the way it is written changes). */
export function convertStop(kind: StopKind, from: StopMode, to: StopMode, text: string, ctx: StopContext): string {
  const price = stopPrice(kind, from, text, ctx)
  if (!price || from === to) return from === to ? text : ''
  const views = stopViews(price, ctx)
  if (to === 'price') return views.price
  const value = to === 'amount' ? views.amount : views.percent
  // Written as a size: a loss for a stop loss, a gain for a take profit; a wrong-side level has no such size.
  if (value === null) return ''
  const v = kind === 'sl' ? dec(value).neg() : dec(value)
  return v.gt(0) ? v.toFixed(2) : ''
}
