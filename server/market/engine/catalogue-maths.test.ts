// The trading maths over the real catalogue: every instrument's quote currency is priced by some quoted pair (else an
// order could not be valued), and a one-position account on any instrument gets a stop-out price that holds.
import { expect, it } from 'vitest'
import {
  account, closePrice, dec, fee, isDollar, openPrice, profit, ratePairs, ratesFromQuotes, requiredMargin, tickSize, type Quote,
} from '#contract/trading-math.ts'
import { stopOutPrice } from '#contract/stop-out-price.ts'
import { instruments } from '../catalogue.ts'
import { equitySymbols } from './stop-out.ts'

const quotes = new Map<string, Quote>(instruments.map((i) => [i.symbol, { bid: i.start, ask: dec(i.start).plus(i.spread).toFixed(i.digits) }]))
const rates = ratesFromQuotes(quotes)

it('every instrument can be margined, charged and valued in USDT at its start price', () => {
  const unpriced = instruments.filter((i) => rates(i.quoteCurrency) === null).map((i) => i.symbol)
  expect(unpriced).toEqual([])
  for (const i of instruments) {
    const price = openPrice('buy', quotes.get(i.symbol)!)
    const margin = requiredMargin(i, i.lotMin, i.leverages.at(-1)!, price, rates)
    expect(margin.gt(0), i.symbol).toBe(true)
    expect(fee(i, i.lotMin, price, rates).gte(0), i.symbol).toBe(true)
    // equity moves with the instrument itself and, for a non-dollar quote, with the pair that converts it
    // (USDJPY converts its yen by itself; GBPJPY needs USDJPY too)
    const converter = isDollar(i.quoteCurrency) ? [] : [ratePairs(i.quoteCurrency).find((p) => quotes.has(p.symbol))!.symbol]
    expect(equitySymbols([i], (s) => quotes.has(s)), i.symbol).toEqual(new Set([i.symbol, ...converter]))
  }
})

it('on every instrument a lone long reaches stop-out exactly at the price shown, within one tick', () => {
  for (const i of instruments) {
    const q = quotes.get(i.symbol)!
    const open = openPrice('buy', q)
    const margin = requiredMargin(i, i.lotMin, i.leverages.at(-1)!, open, rates)
    // balance: three times the margin, so the level starts near 300 % and stops out at 50 %
    const balance = margin.times(3)
    const position = { instrument: i, side: 'buy' as const, lots: i.lotMin, openPrice: open, margin }
    const price = stopOutPrice({ balance, positions: [position], quotes, stopOutLevel: '50', instrument: i })
    expect(price, i.symbol).not.toBeNull()
    const levelAt = (bid: ReturnType<typeof dec>) => {
      const moved = new Map(quotes).set(i.symbol, { bid, ask: bid.plus(i.spread) })
      const pl = profit(i, 'buy', i.lotMin, open, closePrice('buy', moved.get(i.symbol)!), ratesFromQuotes(moved))
      return account({ balance, positions: [{ margin, profit: pl }] }).marginLevel!
    }
    expect(levelAt(price!).lt(50), i.symbol).toBe(true)
    expect(levelAt(price!.plus(tickSize(i))).gte(50), i.symbol).toBe(true)
  }
})
