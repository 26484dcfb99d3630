import { describe, expect, it } from 'vitest'
import type { Instrument } from '#contract/markets.ts'
import type { Order, TradeAccount } from '#contract/orders.ts'
import type { Ticker } from '#contract/socket.ts'
import { account as accountOf, closePrice, dec, profit, ratesFromQuotes } from '#contract/trading-math.ts'
import { lotsProblem, movedBeyond, previewOrder, type Market } from './preview.ts'
import { convertStop, stopPrice, stopViews, type StopContext } from './stops.ts'

const EURUSD: Instrument = {
  pid: 1, symbol: 'EURUSD', name: 'Euro / US Dollar', class: 'forex', contractSize: '100000', digits: 5, pipSize: '0.0001',
  lotMin: '0.01', lotMax: '100', lotStep: '0.01', leverages: [1, 100, 500], marginCurrency: 'USDT', marginMode: 'forex',
  baseCurrency: 'EUR', quoteCurrency: 'USD', feeRate: '0.0001', spread: '0.00012', hours: '24x5',
}
const tick = (bid: string, ask: string): Ticker => ({ symbol: 'EURUSD', bid, ask, time: 1, simulated: true })
const market = (t: Ticker): Market => ({ instrument: (s) => (s === 'EURUSD' ? EURUSD : undefined), quote: (s) => (s === t.symbol ? t : undefined), quotes: [t] })
const fresh: TradeAccount = {
  book: 'demo', currency: 'USDT', balance: '10000', floatingProfit: '0', equity: '10000', margin: '0', reserved: '0', available: '10000',
  freeMargin: '10000', marginLevel: null, floatingInFreeMargin: 'loss_only', marginCallLevel: '100', stopOutLevel: '50',
}

describe('the ticket preview (MT5 maths)', () => {
  const m = market(tick('1.16628', '1.16640'))
  it('reserves 233.28 USDT for 1 lot EURUSD bought at ask 1.16640 with leverage 500, and shows before → after', () => {
    const p = previewOrder(EURUSD, { side: 'buy', lots: '1', leverage: 500 }, fresh, [], m)!
    expect(p.price.toFixed()).toBe('1.1664')
    expect(p.margin.toFixed(2)).toBe('233.28')
    // fee 0.01 % of the notional 116 640 USD
    expect(p.fee.toFixed(2)).toBe('11.66')
    expect(p.before.freeMargin.toFixed(2)).toBe('10000.00')
    expect(p.before.marginLevel).toBeNull()
    // After: the position open, worth its spread less at the bid (−0.00012 × 100 000 = −12), a loss that free
    // margin counts ("loss only").
    expect(p.after.freeMargin.toFixed(2)).toBe(dec('10000').minus('11.664').minus('233.28').minus('12').toFixed(2))
    expect(p.after.marginLevel!.toFixed(2)).toBe(dec('9976.336').div('233.28').times(100).toFixed(2))
  })
  it('shows a stop-out price where the recomputed margin level reaches the stop-out level within one tick', () => {
    const p = previewOrder(EURUSD, { side: 'buy', lots: '1', leverage: 500 }, fresh, [], m)!
    const stop = p.stopOut!
    const levelAt = (bid: string) => {
      const q = tick(bid, dec(bid).plus('0.00012').toFixed(5))
      const pl = profit(EURUSD, 'buy', '1', p.price, closePrice('buy', q), ratesFromQuotes([q]))
      return accountOf({ balance: dec('10000').minus(p.fee), positions: [{ margin: p.margin, profit: pl }] }).marginLevel!
    }
    expect(levelAt(stop.toFixed(5)).lte(50)).toBe(true)
    expect(levelAt(stop.plus('0.00001').toFixed(5)).gt(50)).toBe(true)
  })
  it('refuses a TP or SL on the wrong side, measured from the bid for a buy', () => {
    const ok = previewOrder(EURUSD, { side: 'buy', lots: '1', leverage: 500, takeProfit: '1.17', stopLoss: '1.16' }, fresh, [], m)!
    expect(ok.stopsValid).toBe(true)
    const wrong = previewOrder(EURUSD, { side: 'buy', lots: '1', leverage: 500, takeProfit: '1.16', stopLoss: '1.17' }, fresh, [], m)!
    expect([wrong.stopsValid, wrong.takeProfitValid, wrong.stopLossValid]).toEqual([false, false, false])
    const sell = previewOrder(EURUSD, { side: 'sell', lots: '1', leverage: 500, takeProfit: '1.16', stopLoss: '1.17' }, fresh, [], m)!
    expect(sell.stopsValid).toBe(true)
  })
  it('flags a stop loss beyond the stop-out price', () => {
    const p = previewOrder(EURUSD, { side: 'buy', lots: '1', leverage: 500 }, fresh, [], m)!
    const below = p.stopOut!.minus('0.001').toFixed(5)
    const above = p.stopOut!.plus('0.001').toFixed(5)
    expect(previewOrder(EURUSD, { side: 'buy', lots: '1', leverage: 500, stopLoss: below }, fresh, [], m)!.stopLossBeyondStopOut).toBe(true)
    expect(previewOrder(EURUSD, { side: 'buy', lots: '1', leverage: 500, stopLoss: above }, fresh, [], m)!.stopLossBeyondStopOut).toBe(false)
  })
  it('uses the limit price in limit mode and says when the free margin would go below zero', () => {
    const p = previewOrder(EURUSD, { side: 'buy', lots: '1', leverage: 500, limitPrice: '1.10000' }, fresh, [], m)!
    expect(p.margin.toFixed(2)).toBe('220.00')
    expect(previewOrder(EURUSD, { side: 'buy', lots: '100', leverage: 1 }, fresh, [], m)!.isAffordable).toBe(false)
  })
  it('counts the live P/L of open positions in the before figures', () => {
    const open: Order = {
      orderNo: '1', kind: 'contract', book: 'demo', symbol: 'EURUSD', side: 'buy', lots: '1', leverage: 500, status: 'open', limitPrice: null, pendingType: null,
      openPrice: '1.16528', closePrice: null, lastPrice: null, takeProfit: null, stopLoss: null, margin: '233.06', fee: '11.65', profit: '0',
      pips: '0', openTime: 1, closeTime: null, createTime: 1, closeReason: null, closeMarginLevel: null, linkedOrderNo: null,
    }
    const book = { ...fresh, margin: '233.06', available: '9766.94' }
    const p = previewOrder(EURUSD, { side: 'buy', lots: '1', leverage: 500 }, book, [open], m)!
    // bid 1.16628 − open 1.16528 = 100 points × 100 000 = +100 USDT: in equity, but not cash, so "loss only" leaves
    // it out of free margin; "profit and loss" counts it.
    expect(p.before.equity.toFixed(2)).toBe('10100.00')
    expect(p.before.freeMargin.toFixed(2)).toBe('9766.94')
    const counted = previewOrder(EURUSD, { side: 'buy', lots: '1', leverage: 500 }, { ...book, floatingInFreeMargin: 'profit_and_loss' }, [open], m)!
    expect(counted.before.freeMargin.toFixed(2)).toBe('9866.94')
  })
  it('is nothing while the lots are not a number yet', () => {
    expect(previewOrder(EURUSD, { side: 'buy', lots: '', leverage: 500 }, fresh, [], m)).toBeNull()
    expect(previewOrder(EURUSD, { side: 'buy', lots: '.', leverage: 500 }, fresh, [], m)).toBeNull()
  })
})

describe('TP and SL as a price, an amount or a percentage', () => {
  const ctx: StopContext = { inst: EURUSD, side: 'buy', lots: '1', open: dec('1.16640'), margin: dec('233.28'), rates: ratesFromQuotes([tick('1.16628', '1.16640')]) }
  it('turns a gain of 100 USDT into the price 100 points above the entry, and back', () => {
    expect(stopPrice('tp', 'amount', '100', ctx)!.toFixed(5)).toBe('1.16740')
    expect(stopViews(dec('1.16740'), ctx)).toEqual({ price: '1.16740', amount: '100.00', percent: '42.87' })
  })
  it('reads a stop loss amount as the size of the loss', () => {
    expect(stopPrice('sl', 'amount', '50', ctx)!.toFixed(5)).toBe('1.16590')
    expect(convertStop('sl', 'price', 'amount', '1.16590', ctx)).toBe('50.00')
    expect(convertStop('sl', 'amount', 'percent', '50', ctx)).toBe('21.43')
  })
  it('takes a percentage of the margin', () => {
    // 50 % of 233.28 = 116.64 USDT = 116.64 / 100 000 per lot above the entry, rounded to the tick
    expect(stopPrice('tp', 'percent', '50', ctx)!.toFixed(5)).toBe('1.16757')
  })
  it('gives no price for an empty or impossible value', () => {
    expect(stopPrice('tp', 'price', '', ctx)).toBeNull()
    expect(stopPrice('sl', 'amount', '1000000', ctx)).toBeNull()
  })
})

describe('lots and slippage', () => {
  it('accepts lots within range on the step and names what is wrong otherwise', () => {
    expect(lotsProblem(EURUSD, '0.01')).toBeNull()
    expect(lotsProblem(EURUSD, '1.25')).toBeNull()
    expect(lotsProblem(EURUSD, '0.005')).toBe('range')
    expect(lotsProblem(EURUSD, '101')).toBe('range')
    expect(lotsProblem(EURUSD, '1.255')).toBe('step')
    expect(lotsProblem(EURUSD, '')).toBe('range')
  })
  it('re-quotes only when the price moved more than the accepted slippage', () => {
    expect(movedBeyond(dec('1.16640'), dec('1.16650'), '0.00012')).toBe(false)
    expect(movedBeyond(dec('1.16640'), dec('1.16630'), '0.00005')).toBe(true)
    expect(movedBeyond(dec('1.16640'), dec('1.16641'), '0')).toBe(true)
  })
})
