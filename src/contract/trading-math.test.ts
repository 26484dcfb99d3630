// Hand-worked MetaTrader 5 examples (the working is in the comments), property tests, and a guard against floats.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import * as fc from 'fast-check'
import {
  account, closePrice, dec, fee, isBelowLevel, openPrice, percentOfMargin, pips, priceForProfit, profit,
  profitAtPrice, profitForPercent, ratesFromQuotes, requiredMargin, stopsValid, tickSize, type Dec, type MathInstrument, type Quote,
} from './trading-math.ts'
import { stopOutPrice } from './stop-out-price.ts'

// Instruments as the catalogue (server/market/catalogue.ts) writes them; only the fields the maths reads.
const fx = (symbol: string, digits: number, pipSize: string): MathInstrument => ({
  symbol, contractSize: '100000', digits, pipSize, marginMode: 'forex', baseCurrency: symbol.slice(0, 3),
  quoteCurrency: symbol.slice(3), feeRate: '0.00003', marginCurrency: 'USDT',
})
const cfd = (symbol: string, contractSize: string, digits: number, pipSize: string, base: string, quote: string, feeRate: string): MathInstrument => ({
  symbol, contractSize, digits, pipSize, marginMode: 'cfd', baseCurrency: base, quoteCurrency: quote, feeRate, marginCurrency: 'USDT',
})
const EURUSD = fx('EURUSD', 5, '0.0001')
const USDJPY = fx('USDJPY', 3, '0.01')
const XAUUSD = cfd('XAUUSD', '100', 2, '0.1', 'XAU', 'USD', '0.0001')
const BTCUSDT = cfd('BTCUSDT', '1', 2, '0.01', 'BTC', 'USDT', '0.0005')
const AAPL = cfd('AAPL', '1', 2, '0.01', 'AAPL', 'USD', '0.0002')

const q = (bid: string, ask: string): Quote => ({ bid, ask })
const book = (quotes: Record<string, Quote>) => ratesFromQuotes(new Map(Object.entries(quotes)))
const usdOnly = book({})
const str = (v: { toString(): string } | null) => (v === null ? null : v.toString())

describe('hand-worked MT5 examples', () => {
  it('EURUSD: 1 lot bought at ask 1.16640 with leverage 500 reserves exactly 233.28', () => {
    const quote = q('1.16620', '1.16640')
    const price = openPrice('buy', quote)
    expect(price.toString()).toBe('1.1664')
    // margin = 1 × 100 000 / 500 = 200 EUR, × 1.16640 (the pair's own price) = 233.28 USDT
    expect(str(requiredMargin(EURUSD, '1', 500, price, usdOnly))).toBe('233.28')
    // fee = 0.00003 × (1 × 100 000 × 1.16640 = 116 640 USD) = 3.4992
    expect(str(fee(EURUSD, '1', price, usdOnly))).toBe('3.4992')
    // closes at bid 1.16840: (1.16840 − 1.16640) × 100 000 × 1 = +200 USD, +20 pips
    expect(str(profit(EURUSD, 'buy', '1', price, '1.16840', usdOnly))).toBe('200')
    expect(str(pips(EURUSD, 'buy', price, '1.16840'))).toBe('20')
    // 0.5 lots sold at bid 1.16620, closed at ask 1.16740: −(0.0012) × 100 000 × 0.5 = −60, −12 pips
    expect(str(profit(EURUSD, 'sell', '0.5', openPrice('sell', quote), '1.16740', usdOnly))).toBe('-60')
    expect(str(pips(EURUSD, 'sell', '1.16620', '1.16740'))).toBe('-12')
  })

  it('margin rounds up to the ledger scale (6 decimals), never under-reserving', () => {
    // 1 × 100 000 / 3 × 1.16641 = 38 880.3333… → 38 880.333334
    expect(str(requiredMargin(EURUSD, '1', 3, '1.16641', usdOnly))).toBe('38880.333334')
  })

  it('USDJPY: margin in dollars, P/L in yen converted at 1 / USDJPY', () => {
    const rates = book({ USDJPY: q('149.995', '150.005') }) // mid 150.000 → 1 JPY = 1/150 USD
    // base is USD: 1 × 100 000 / 100 = 1 000 USD
    expect(str(requiredMargin(USDJPY, '1', 100, '150.005', rates))).toBe('1000')
    // fee = 0.00003 × 100 000 × 150.005 JPY = 450.015 JPY / 150 = 3.0001
    expect(str(fee(USDJPY, '1', '150.005', rates))).toBe('3.0001')
    // closes at bid 150.995 with mid 151.000: 0.990 × 100 000 = 99 000 JPY / 151 = 655.6291390728… → 655.629139
    const atClose = book({ USDJPY: q('150.995', '151.005') })
    expect(str(profit(USDJPY, 'buy', '1', '150.005', '150.995', atClose))).toBe('655.629139')
    expect(str(pips(USDJPY, 'buy', '150.005', '150.995'))).toBe('99')
  })

  it('XAUUSD (cfd, 100 oz a lot): 0.1 lot at 2400.30, leverage 100', () => {
    // margin = 0.1 × 100 × 2400.30 / 100 = 240.03; fee = 0.0001 × 24 003 = 2.4003
    expect(str(requiredMargin(XAUUSD, '0.1', 100, '2400.30', usdOnly))).toBe('240.03')
    expect(str(fee(XAUUSD, '0.1', '2400.30', usdOnly))).toBe('2.4003')
    // closes at bid 2410.50: 10.20 × 100 × 0.1 = +102 USD; 10.20 / 0.1 = 102 pips
    expect(str(profit(XAUUSD, 'buy', '0.1', '2400.30', '2410.50', usdOnly))).toBe('102')
    expect(str(pips(XAUUSD, 'buy', '2400.30', '2410.50'))).toBe('102')
  })

  it('BTCUSDT: 0.5 sold at bid 95 000, leverage 20, bought back at ask 93 990.50', () => {
    // margin = 0.5 × 1 × 95 000 / 20 = 2 375; fee = 0.0005 × 47 500 = 23.75
    expect(str(requiredMargin(BTCUSDT, '0.5', 20, '95000.00', usdOnly))).toBe('2375')
    expect(str(fee(BTCUSDT, '0.5', '95000.00', usdOnly))).toBe('23.75')
    // sell: −(93 990.50 − 95 000) × 1 × 0.5 = +504.75; 1 009.50 / 0.01 = 100 950 pips
    expect(str(profit(BTCUSDT, 'sell', '0.5', '95000.00', '93990.50', usdOnly))).toBe('504.75')
    expect(str(pips(BTCUSDT, 'sell', '95000.00', '93990.50'))).toBe('100950')
  })

  it('AAPL: 10 shares at ask 230.04, leverage 5, closed at bid 228.50', () => {
    // margin = 10 × 230.04 / 5 = 460.08; fee = 0.0002 × 2 300.40 = 0.46008 (6 decimals keep it whole)
    expect(str(requiredMargin(AAPL, '10', 5, '230.04', usdOnly))).toBe('460.08')
    expect(str(fee(AAPL, '10', '230.04', usdOnly))).toBe('0.46008')
    // (228.50 − 230.04) × 10 = −15.40; −154 pips of 0.01
    expect(str(profit(AAPL, 'buy', '10', '230.04', '228.50', usdOnly))).toBe('-15.4')
    expect(str(pips(AAPL, 'buy', '230.04', '228.50'))).toBe('-154')
  })

  it('account: equity, free margin and margin level from the EURUSD and AAPL positions above', () => {
    // equity = 10 000 + 200 − 15.40 = 10 184.60; margin = 233.28 + 460.08 = 693.36
    // free margin = 10 184.60 − 693.36 = 9 491.24; level = 10 184.60 / 693.36 × 100 = 1 468.8762…%
    const a = account({ balance: '10000', positions: [{ margin: '233.28', profit: '200' }, { margin: '460.08', profit: '-15.40' }] })
    expect(str(a.equity)).toBe('10184.6')
    expect(str(a.margin)).toBe('693.36')
    expect(str(a.freeMargin)).toBe('9491.24')
    expect(a.marginLevel?.toFixed(4)).toBe('1468.8762')
    expect(account({ balance: '50', positions: [] }).marginLevel).toBeNull()
    // stop-out applies strictly below its level
    expect(isBelowLevel(dec('50'), '50')).toBe(false)
    expect(isBelowLevel(dec('49.99'), '50')).toBe(true)
    expect(isBelowLevel(null, '50')).toBe(false)
  })

  it('buys open at the ask and close at the bid, sells the reverse', () => {
    const quote = q('1.1', '1.2')
    expect([openPrice('buy', quote), closePrice('buy', quote), openPrice('sell', quote), closePrice('sell', quote)].map(str)).toEqual(['1.2', '1.1', '1.1', '1.2'])
  })

  it('TP and SL must sit on the right side of the price', () => {
    expect(stopsValid('buy', '1.16620', '1.17000', '1.16000')).toBe(true)
    expect(stopsValid('buy', '1.16620', '1.16000')).toBe(false) // TP below the price
    expect(stopsValid('buy', '1.16620', undefined, '1.16620')).toBe(false) // SL at the price
    expect(stopsValid('sell', '1.16640', '1.16000', '1.17000')).toBe(true)
    expect(stopsValid('sell', '1.16640', '1.17000')).toBe(false)
    expect(stopsValid('sell', '1.16640', null, '1.16000')).toBe(false)
    expect(stopsValid('sell', '1.16640')).toBe(true)
  })

  it('TP/SL as a price, a P/L amount and a percentage of margin convert into each other', () => {
    // 1 lot EURUSD from 1.16640: +150 USD is 150 / 100 000 = 0.0015 above → 1.16790
    expect(str(priceForProfit(EURUSD, 'buy', '1', '1.16640', '150', usdOnly))).toBe('1.1679')
    expect(str(profitAtPrice(EURUSD, 'buy', '1', '1.16640', '1.16790', usdOnly))).toBe('150')
    // a sell's −150 is 0.0015 above its open
    expect(str(priceForProfit(EURUSD, 'sell', '1', '1.16620', '-150', usdOnly))).toBe('1.1677')
    // 150 of a 233.28 margin is 64.30 %, and 64.30 % of it is 149.99904
    expect(str(percentOfMargin('150', '233.28'))).toBe('64.3')
    expect(str(profitForPercent('64.30', '233.28', 'USDT'))).toBe('149.99904')
    // a 0.01 lot buy of gold at 2400 cannot lose 2 500
    expect(priceForProfit(XAUUSD, 'buy', '0.01', '2400.00', '-2500', usdOnly)).toBeNull()
  })
})

describe('stop-out price', () => {
  const eur = new Map([['EURUSD', q('1.16620', '1.16640')]])
  const long = { instrument: EURUSD, side: 'buy' as const, lots: '1', openPrice: '1.16640', margin: '233.28' }

  it('1 000 USDT and 1 lot EURUSD long from 1.16640: stop-out (50 %) at bid 1.15756', () => {
    // level 50 % ⇔ equity = 116.64 ⇔ P/L = −883.36 ⇔ bid = 1.16640 − 0.0088336 = 1.1575664;
    // the first tick below the level going down is 1.15756 (equity 116.00; at 1.15757 it is 117.00)
    const price = stopOutPrice({ balance: '1000', positions: [long], quotes: eur, stopOutLevel: '50', instrument: EURUSD })
    expect(str(price)).toBe('1.15756')
  })

  it('exactly at the level is not yet stop-out (docs/trading.md: below it), so the price shown is the tick after', () => {
    // balance 1 000.64: at 1.15756 equity = 1 000.64 − 884 = 116.64, level exactly 50 %; at 1.15755 it is 115.64
    const price = stopOutPrice({ balance: '1000.64', positions: [long], quotes: eur, stopOutLevel: '50', instrument: EURUSD })
    expect(str(price)).toBe('1.15755')
  })

  it('a fully hedged account never stops out; a short stops out above the price', () => {
    const short = { ...long, side: 'sell' as const, openPrice: '1.16620' }
    expect(stopOutPrice({ balance: '1000', positions: [long, short], quotes: eur, stopOutLevel: '50', instrument: EURUSD })).toBeNull()
    // short: equity 116.64 ⇔ P/L −883.36 ⇔ ask = 1.16620 + 0.0088336 = 1.1750336 → first tick above: ask 1.17504,
    // bid 1.17484 (the spread of 0.00020 is kept)
    expect(str(stopOutPrice({ balance: '1000', positions: [short], quotes: eur, stopOutLevel: '50', instrument: EURUSD }))).toBe('1.17484')
  })

  it('the ticket preview counts the new order: its margin, and its fee out of the balance', () => {
    // fee 3.4992 leaves 996.5008: P/L at the level = 116.64 − 996.5008 = −879.8608 → bid 1.16640 − 0.008798608 =
    // 1.157601392, first tick below 1.15760 (equity 116.5008; at 1.15761 it is 117.5008)
    const price = stopOutPrice({ balance: '1000', positions: [], quotes: eur, stopOutLevel: '50', instrument: EURUSD, order: { instrument: EURUSD, side: 'buy', lots: '1', leverage: 500 } })
    expect(str(price)).toBe('1.1576')
  })

  it('property: at the shown price the recomputed level is below the stop-out level, one tick nearer it is not', () => {
    const instruments = [EURUSD, USDJPY, XAUUSD, AAPL]
    const quotes = new Map([['EURUSD', q('1.16620', '1.16640')], ['USDJPY', q('149.995', '150.005')], ['XAUUSD', q('2400.00', '2400.30')], ['AAPL', q('230.00', '230.04')]])
    const position = fc.record({ i: fc.integer({ min: 0, max: 3 }), side: fc.constantFrom('buy' as const, 'sell' as const), hundredths: fc.integer({ min: 1, max: 300 }), leverage: fc.constantFrom(10, 100, 500) })
    fc.assert(
      fc.property(fc.array(position, { minLength: 1, maxLength: 4 }), fc.integer({ min: 0, max: 3 }), fc.integer({ min: 100, max: 200_000 }), (rows, target, balance) => {
        const rates = ratesFromQuotes(quotes)
        const positions = rows.map((r) => {
          const instrument = instruments[r.i]!
          const lots = dec(`${r.hundredths}`).div(100)
          const open = openPrice(r.side, quotes.get(instrument.symbol)!)
          return { instrument, side: r.side, lots, openPrice: open, margin: requiredMargin(instrument, lots, r.leverage, open, rates) }
        })
        const instrument = instruments[target]!
        const input = { balance: String(balance), positions, quotes, stopOutLevel: '50', instrument }
        const price = stopOutPrice(input)
        if (price === null) return
        const levelAt = (bid: Dec) => {
          const now = quotes.get(instrument.symbol)!
          const moved = new Map(quotes).set(instrument.symbol, { bid, ask: bid.plus(now.ask).minus(now.bid) })
          const r = ratesFromQuotes(moved)
          const closes = positions.map((p) => ({ margin: p.margin, profit: profit(p.instrument, p.side, p.lots, p.openPrice, closePrice(p.side, moved.get(p.instrument.symbol)!), r) }))
          return account({ balance: input.balance, positions: closes }).marginLevel!
        }
        expect(levelAt(price).lt(50)).toBe(true)
        const towardsNow = price.lt(quotes.get(instrument.symbol)!.bid) ? tickSize(instrument) : tickSize(instrument).neg()
        if (!levelAt(dec(quotes.get(instrument.symbol)!.bid)).lt(50)) expect(levelAt(price.plus(towardsNow)).gte(50)).toBe(true)
      }),
      { numRuns: 200 },
    )
  })
})

describe('properties', () => {
  const lots = fc.integer({ min: 1, max: 100_000 }).map((n) => dec(`${n}`).div(100))
  const price = fc.integer({ min: 1, max: 100_000_000 }).map((n) => dec(`${n}`).div(1000))
  const side = fc.constantFrom('buy' as const, 'sell' as const)
  const instrument = fc.constantFrom(EURUSD, XAUUSD, BTCUSDT, AAPL)
  const ulp = dec('0.000001')

  it('a long and a short mirror each other (P/L and pips)', () => {
    fc.assert(fc.property(instrument, lots, price, price, (i, l, o, c) => {
      expect(profit(i, 'buy', l, o, c, usdOnly).eq(profit(i, 'sell', l, o, c, usdOnly).neg())).toBe(true)
      expect(pips(i, 'buy', o, c).eq(pips(i, 'sell', o, c).neg())).toBe(true)
    }))
  })

  it('profit(open → close) = −profit(close → open)', () => {
    fc.assert(fc.property(instrument, side, lots, price, price, (i, s, l, o, c) => {
      expect(profit(i, s, l, o, c, usdOnly).eq(profit(i, s, l, c, o, usdOnly).neg())).toBe(true)
    }))
  })

  it('margin scales linearly with lots (up to the rounding up of each)', () => {
    fc.assert(fc.property(instrument, lots, fc.integer({ min: 2, max: 50 }), price, (i, l, k, p) => {
      // ceil(k·x) ≤ k·ceil(x) < ceil(k·x) + k units of the last decimal
      const scaled = requiredMargin(i, l.times(k), 100, p, usdOnly)
      const times = requiredMargin(i, l, 100, p, usdOnly).times(k)
      expect(times.gte(scaled) && times.lt(scaled.plus(ulp.times(k)))).toBe(true)
    }))
  })

  it('margin scales inversely with leverage', () => {
    fc.assert(fc.property(instrument, lots, fc.integer({ min: 2, max: 10 }), price, (i, l, k, p) => {
      const base = requiredMargin(i, l, 50, p, usdOnly)
      const times = requiredMargin(i, l, 50 * k, p, usdOnly).times(k)
      expect(times.gte(base) && times.lt(base.plus(ulp.times(k)))).toBe(true)
    }))
  })
})

it.each(['./trading-math.ts', './stop-out-price.ts'])('the maths uses no floating point (%s)', (file) => {
  const source = readFileSync(new URL(file, import.meta.url), 'utf8')
  // Code only: comments and string literals may talk about prices like 1.16640.
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '').replace(/'[^'\n]*'|`[^`\n]*`/g, "''")
  for (const banned of [/\bMath\./, /parseFloat/, /parseInt/, /\bNumber\(/, /\.toNumber\(/, /\+\s*\w+\.\w+\(\)\s*$/, /\b\d+\.\d+/, /\be[+-]?\d/]) {
    expect(code, String(banned)).not.toMatch(banned)
  }
})
