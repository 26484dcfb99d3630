// Stop-out: which positions close and in what order, margin-call detection, and an account's stop-out price living in
// the trigger index on a scripted price path.
import { describe, expect, it } from 'vitest'
import { stopOutPrice } from '#contract/stop-out-price.ts'
import { closePrice, dec, profit, ratesFromQuotes, requiredMargin, type MathInstrument } from '#contract/trading-math.ts'
import { StopOutWatch, equitySymbols, marginStatus, planStopOut, stopOutTrigger } from './stop-out.ts'
import { TriggerIndex } from './trigger-index.ts'

const EURUSD: MathInstrument = {
  symbol: 'EURUSD', contractSize: '100000', digits: 5, pipSize: '0.0001', marginMode: 'forex', baseCurrency: 'EUR',
  quoteCurrency: 'USD', feeRate: '0.00003', marginCurrency: 'USDT',
}

describe('planStopOut', () => {
  // balance 1 000; A −500 (margin 200), B −300 (margin 200), C +50 (margin 100):
  // equity = 1 000 − 750 = 250, margin 500, level 50 %
  const positions = [
    { id: 'C', margin: '100', profit: '50' },
    { id: 'A', margin: '200', profit: '-500' },
    { id: 'B', margin: '200', profit: '-300' },
  ]

  it('closes the largest loss first and stops as soon as the level recovers', () => {
    // stop-out 60 %: closing A leaves margin 300, level 250 / 300 = 83.3 % → recovered
    const plan = planStopOut({ balance: '1000', positions, stopOutLevel: '60' })
    expect(plan.close.map((c) => [c.id, c.marginLevel.toString()])).toEqual([['A', '50']])
    expect(plan.levelAfter?.toFixed(2)).toBe('83.33')
    // stop-out 100 %: 83.3 % is still below, so B goes too: margin 100, level 250 %
    const deeper = planStopOut({ balance: '1000', positions, stopOutLevel: '100' })
    expect(deeper.close.map((c) => c.id)).toEqual(['A', 'B'])
    expect(deeper.levelAfter?.toString()).toBe('250')
  })

  it('closes nothing at or above the level, and everything when equity is gone', () => {
    expect(planStopOut({ balance: '1000', positions, stopOutLevel: '50' }).close).toEqual([])
    const wiped = planStopOut({ balance: '700', positions, stopOutLevel: '50' })
    expect(wiped.close.map((c) => c.id)).toEqual(['A', 'B', 'C'])
    expect(wiped.levelAfter).toBeNull()
  })

  it('equal losses close the larger margin first', () => {
    const plan = planStopOut({ balance: '100', positions: [{ id: 'small', margin: '10', profit: '-60' }, { id: 'big', margin: '90', profit: '-60' }], stopOutLevel: '50' })
    expect(plan.close[0]?.id).toBe('big')
  })
})

it('marginStatus warns below the margin-call level and stops out below the stop-out level', () => {
  const levels = { marginCall: '100', stopOut: '50' }
  expect(['150', '100', '99.99', '50', '49.99'].map((l) => marginStatus(dec(l), levels))).toEqual(['ok', 'ok', 'margin_call', 'margin_call', 'stop_out'])
  expect(marginStatus(null, levels)).toBe('ok')
})

it('an account in one symbol: its stop-out price waits in the trigger index and fires on a gap at the gap price', () => {
  // 1 000 USDT, 1 lot EURUSD long from 1.16640 (margin 233.28): stop-out (50 %) at bid 1.15756 (trading-math.test.ts)
  const quotes = new Map([['EURUSD', { bid: '1.16620', ask: '1.16640' }]])
  const margin = requiredMargin(EURUSD, '1', 500, '1.16640', ratesFromQuotes(quotes))
  const position = { instrument: EURUSD, side: 'buy' as const, lots: '1', openPrice: '1.16640', margin }
  const price = stopOutPrice({ balance: '1000', positions: [position], quotes, stopOutLevel: '50', instrument: EURUSD })
  const trigger = stopOutTrigger('42', 'EURUSD', 5, price, '1.16620')
  expect(trigger).toEqual({ id: 'stop_out:42', symbol: 'EURUSD', kind: 'stop_out', side: 'buy', level: '1.15756' })

  const index = new TriggerIndex(() => 5)
  index.add(trigger!)
  expect(index.collect('EURUSD', '1.16000', '1.16020')).toEqual([])
  expect(index.collect('EURUSD', '1.15757', '1.15777')).toEqual([])
  // the price gaps from 1.15757 to 1.15700: fires, and the planner sees the level at the gap price
  const [fired] = index.collect('EURUSD', '1.15700', '1.15720')
  expect(fired?.price).toBe('1.15700')
  const now = { bid: fired!.price, ask: '1.15720' }
  const pl = profit(EURUSD, 'buy', '1', '1.16640', closePrice('buy', now), ratesFromQuotes(new Map([['EURUSD', now]])))
  // P/L = (1.15700 − 1.16640) × 100 000 = −940; level = 60 / 233.28 = 25.7 % → the position closes
  expect(pl.toString()).toBe('-940')
  const plan = planStopOut({ balance: '1000', positions: [{ id: '7', margin, profit: pl }], stopOutLevel: '50' })
  expect(plan.close.map((c) => [c.id, c.marginLevel.toFixed(1)])).toEqual([['7', '25.7']])
})

it('an account already below the level is stopped out on the next tick, whichever way the price goes', () => {
  // a short of 1 lot EURUSD from 1.16620 on a balance of 100: equity 100 − 20 (the spread) = 80 against 233.28 of
  // margin, level 34 %: already below, so stopOutPrice answers the current bid
  const quotes = new Map([['EURUSD', { bid: '1.16620', ask: '1.16640' }]])
  const short = { instrument: EURUSD, side: 'sell' as const, lots: '1', openPrice: '1.16620', margin: '233.28' }
  const price = stopOutPrice({ balance: '100', positions: [short], quotes, stopOutLevel: '50', instrument: EURUSD })
  expect(price?.toString()).toBe('1.1662')
  const index = new TriggerIndex(() => 5)
  index.add(stopOutTrigger('9', 'EURUSD', 5, price, '1.16620')!)
  expect(index.collect('EURUSD', '1.16700', '1.16720').map((t) => t.id)).toEqual(['stop_out:9'])
})

it('accounts whose equity moves with several symbols are re-checked on a tick of any of them', () => {
  const quoted = new Set(['EURUSD', 'USDJPY', 'GBPJPY', 'BTCUSDT'])
  const gbpjpy = { symbol: 'GBPJPY', quoteCurrency: 'JPY' }
  // a yen P/L is converted by USDJPY, so a GBPJPY position moves with USDJPY too
  expect([...equitySymbols([gbpjpy], (s) => quoted.has(s))].sort()).toEqual(['GBPJPY', 'USDJPY'])
  expect([...equitySymbols([{ symbol: 'BTCUSDT', quoteCurrency: 'USDT' }], (s) => quoted.has(s))]).toEqual(['BTCUSDT'])

  const watch = new StopOutWatch()
  watch.set('a', equitySymbols([gbpjpy], (s) => quoted.has(s)))
  watch.set('b', new Set(['BTCUSDT'])) // one symbol: its trigger price watches it, not this
  watch.set('c', new Set(['EURUSD', 'BTCUSDT']))
  expect([...watch.accountsFor('USDJPY')]).toEqual(['a'])
  expect([...watch.accountsFor('BTCUSDT')]).toEqual(['c'])
  watch.delete('c')
  watch.set('a', new Set(['GBPJPY']))
  expect(watch.accountsFor('BTCUSDT').size + watch.accountsFor('USDJPY').size).toBe(0)
})
