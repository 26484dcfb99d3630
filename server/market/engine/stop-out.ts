// The stop-out planner and the per-account stop-out watch (docs/trading.md): pure code the order engine calls.
// Below the stop-out level positions close, largest loss first, until the level recovers; below the margin-call
// level the user is warned. Levels compare exactly (trading-math's account(); "below" is strictly below).
import type { Decimal } from 'decimal.js'
import { account, dec, isBelowLevel, isDollar, ratePairs, type MathInstrument, type Num } from '#contract/trading-math.ts'
import type { Trigger } from './trigger-index.ts'

export type MarginStatus = 'ok' | 'margin_call' | 'stop_out'

/** Where an account's margin level stands: stop-out below its level, margin call below its own, else ok. */
export function marginStatus(marginLevel: Decimal | null, levels: { marginCall: Num; stopOut: Num }): MarginStatus {
  if (isBelowLevel(marginLevel, levels.stopOut)) return 'stop_out'
  if (isBelowLevel(marginLevel, levels.marginCall)) return 'margin_call'
  return 'ok'
}

/** An open position with its floating P/L at the current price (in the margin currency). */
export type StopOutPosition = { id: string; margin: Num; profit: Num }

export type StopOutPlan = {
  /** Positions to close, in order, each with the account's margin level just before its close (for the record). */
  close: { id: string; marginLevel: Decimal }[]
  /** The level before any close and after the planned ones (null when no margin is left in use). */
  levelBefore: Decimal | null
  levelAfter: Decimal | null
}

/**
 * Which positions stop-out closes: while the level is below `stopOutLevel`, the one with the largest loss (lowest
 * P/L; equal losses: the larger margin first, as it frees more, then the id for a stable order). Closing realises
 * the P/L into the balance, so equity stays and the margin shrinks: the level rises while equity is positive, and
 * every position closes when it is not.
 */
export function planStopOut(a: { balance: Num; positions: readonly StopOutPosition[]; stopOutLevel: Num }): StopOutPlan {
  const open = [...a.positions].sort(
    (x, y) => dec(x.profit).comparedTo(y.profit) || dec(y.margin).comparedTo(x.margin) || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0),
  )
  // Equity does not change as positions close (their P/L moves into the balance); only the margin shrinks.
  const { equity, margin: startMargin, marginLevel: levelBefore } = account({ balance: a.balance, positions: open })
  let margin = startMargin
  let level = levelBefore
  const close: StopOutPlan['close'] = []
  for (const worst of open) {
    if (!isBelowLevel(level, a.stopOutLevel)) break
    close.push({ id: worst.id, marginLevel: level! })
    margin = margin.minus(worst.margin)
    level = margin.isZero() ? null : equity.div(margin).times(100)
  }
  return { close, levelBefore, levelAfter: level }
}

/** The trigger id of an account's stop-out price in the TriggerIndex (order ids are digits, so no clash). */
export const stopOutTriggerId = (accountId: string) => `stop_out:${accountId}`

/**
 * The stop-out price of an account whose equity moves with one symbol only, as a trigger for the TriggerIndex: it
 * fires when the bid reaches `price` (stopOutPrice in stop-out-price.ts) from the current `bid`'s side. Null without a
 * price (nothing to watch). The engine replaces it whenever the account's balance or positions change.
 * stopOutPrice answers the current bid only for an account already below the level: that trigger fires on the very
 * next tick whichever way the price moves (a short losing as the price rises must not wait for it to fall back).
 */
export function stopOutTrigger(accountId: string, symbol: string, digits: number, price: Decimal | null, bid: Num): Trigger | null {
  if (price === null) return null
  const id = stopOutTriggerId(accountId)
  if (price.eq(bid)) return { id, symbol, kind: 'stop_out', side: 'buy', level: ANY_PRICE }
  return { id, symbol, kind: 'stop_out', side: price.lt(bid) ? 'buy' : 'sell', level: price.toFixed(digits) }
}

/** A level every bid is at or below (the contract's largest decimal): a 'buy' stop-out trigger there always fires. */
const ANY_PRICE = '99999999999999999999'

/**
 * The symbols whose prices move an account's equity: its positions' symbols and the pairs that convert their quote
 * currencies (ratePairs: the lookup ratesFromQuotes makes). One symbol: its stop-out price can live
 * in the TriggerIndex. Several: StopOutWatch re-checks the account when any of them ticks.
 */
export function equitySymbols(instruments: readonly Pick<MathInstrument, 'symbol' | 'quoteCurrency'>[], isQuoted: (symbol: string) => boolean): Set<string> {
  const symbols = new Set<string>()
  for (const i of instruments) {
    symbols.add(i.symbol)
    if (isDollar(i.quoteCurrency)) continue
    const pair = ratePairs(i.quoteCurrency).find((p) => isQuoted(p.symbol))
    if (pair) symbols.add(pair.symbol)
  }
  return symbols
}

/** Accounts whose equity moves with several symbols, by symbol: re-checked (planStopOut) when any of them ticks. */
export class StopOutWatch {
  private readonly bySymbol = new Map<string, Set<string>>()
  private readonly byAccount = new Map<string, Set<string>>()

  /** Replaces what an account is watched on; fewer than two symbols means its trigger price does the watching. */
  set(accountId: string, symbols: ReadonlySet<string>): void {
    this.delete(accountId)
    if (symbols.size < 2) return
    this.byAccount.set(accountId, new Set(symbols))
    for (const s of symbols) {
      const set = this.bySymbol.get(s)
      if (set) set.add(accountId)
      else this.bySymbol.set(s, new Set([accountId]))
    }
  }

  delete(accountId: string): void {
    const symbols = this.byAccount.get(accountId)
    if (!symbols) return
    this.byAccount.delete(accountId)
    for (const s of symbols) {
      const set = this.bySymbol.get(s)
      set?.delete(accountId)
      if (set?.size === 0) this.bySymbol.delete(s)
    }
  }

  accountsFor(symbol: string): ReadonlySet<string> {
    return this.bySymbol.get(symbol) ?? EMPTY
  }
}

const EMPTY: ReadonlySet<string> = new Set()
