import Decimal from 'decimal.js'
import { describe, expect, it } from 'vitest'
import { Instrument } from '#contract/markets.ts'
import { featuredSymbols, instrumentByPid, instrumentBySymbol, instruments } from './catalogue.ts'

const decimals = (value: string) => value.split('.')[1]?.length ?? 0

describe('instrument catalogue', () => {
  it('has at least 60 instruments in every class, each a valid contract Instrument', () => {
    expect(instruments.length).toBeGreaterThanOrEqual(60)
    for (const cls of ['forex', 'crypto', 'stock', 'etf', 'futures']) expect(instruments.some((i) => i.class === cls)).toBe(true)
    for (const instrument of instruments) expect(Instrument.safeParse(instrument).success, instrument.symbol).toBe(true)
  })

  it('gives every instrument a unique symbol and pid that both look-ups find', () => {
    expect(new Set(instruments.map((i) => i.symbol)).size).toBe(instruments.length)
    expect(new Set(instruments.map((i) => i.pid)).size).toBe(instruments.length)
    for (const i of instruments) {
      expect(instrumentBySymbol(i.symbol)).toBe(i)
      expect(instrumentByPid(i.pid)).toBe(i)
    }
    expect(instrumentBySymbol('NOPE')).toBeUndefined()
    expect(instrumentByPid(0)).toBeUndefined()
  })

  it('keeps the symbols the app, the tests and the featured list name', () => {
    for (const symbol of ['EURUSD', 'GBPUSD', 'USDJPY', 'BTCUSDT', 'ETHUSDT', 'AAPL', 'SPY', 'XAUUSD', ...featuredSymbols]) {
      expect(instrumentBySymbol(symbol), symbol).toBeDefined()
    }
  })

  it('writes prices and spreads with the instrument digits, and lots, leverages and volatility that make sense', () => {
    for (const i of instruments) {
      expect(decimals(i.start), i.symbol).toBe(i.digits)
      expect(decimals(i.spread), i.symbol).toBe(i.digits)
      expect(new Decimal(i.spread).gt(0) && new Decimal(i.spread).lt(new Decimal(i.start).times('0.005')), i.symbol).toBe(true)
      expect(new Decimal(i.pipSize).gte(new Decimal(10).pow(-i.digits)), i.symbol).toBe(true)
      expect(new Decimal(i.lotMin).lte(i.lotMax) && new Decimal(i.lotMin).gte(i.lotStep), i.symbol).toBe(true)
      expect(new Decimal(i.lotMin).mod(i.lotStep).isZero() && new Decimal(i.lotMax).mod(i.lotStep).isZero(), i.symbol).toBe(true)
      expect([...i.leverages].sort((a, b) => a - b)).toEqual(i.leverages)
      expect(new Decimal(i.volatility).gt(0) && new Decimal(i.volatility).lt('0.1'), i.symbol).toBe(true)
      expect(i.marginCurrency).toBe('USDT')
    }
  })

  it('has MetaTrader terms for the reference instruments', () => {
    expect(instrumentBySymbol('EURUSD')).toMatchObject({
      contractSize: '100000', digits: 5, pipSize: '0.0001', lotMin: '0.01', lotMax: '100', lotStep: '0.01', marginMode: 'forex',
      baseCurrency: 'EUR', quoteCurrency: 'USD', hours: '24x5',
    })
    expect(instrumentBySymbol('EURUSD')!.leverages.at(-1)).toBe(500)
    expect(instrumentBySymbol('USDJPY')).toMatchObject({ digits: 3, pipSize: '0.01', baseCurrency: 'USD', quoteCurrency: 'JPY' })
    expect(instrumentBySymbol('BTCUSDT')).toMatchObject({ contractSize: '1', marginMode: 'cfd', hours: '24x7', quoteCurrency: 'USDT' })
    expect(instrumentBySymbol('AAPL')).toMatchObject({ class: 'stock', contractSize: '1', hours: 'us_equity' })
    expect(instrumentBySymbol('AAPL')!.leverages.at(-1)).toBe(20)
    expect(instrumentBySymbol('SPY')).toMatchObject({ class: 'etf', hours: 'us_equity' })
    expect(instrumentBySymbol('XAUUSD')).toMatchObject({ class: 'futures', contractSize: '100', hours: 'futures' })
  })
})
