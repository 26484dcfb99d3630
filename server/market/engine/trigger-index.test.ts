// Scripted price paths through the trigger index: TP, SL, limit fills, gaps, removal, and a comparison with a
// straightforward scan of every trigger on random paths.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import * as fc from 'fast-check'
import { TriggerIndex, scaled, type Trigger, type Triggered } from './trigger-index.ts'

const DIGITS: Record<string, number> = { EURUSD: 5, USDJPY: 3, BTCUSDT: 2 }
const newIndex = () => new TriggerIndex((s) => DIGITS[s]!)

/** Runs a path of [bid, ask] quotes and answers what fired on which step (1-based), as "id kind@price". */
function run(index: TriggerIndex, symbol: string, path: [string, string][]): string[] {
  return path.flatMap(([bid, ask], step) => index.collect(symbol, bid, ask).map((t) => `${step + 1}: ${t.id} ${t.kind}@${t.price}`))
}

describe('trigger index on scripted paths', () => {
  it('a buy position takes profit when the bid reaches its TP, and its SL goes with it', () => {
    const index = newIndex()
    index.add({ id: '1', symbol: 'EURUSD', kind: 'tp', side: 'buy', level: '1.16800' })
    index.add({ id: '1', symbol: 'EURUSD', kind: 'sl', side: 'buy', level: '1.16000' })
    // the ask touching 1.16800 does not close a buy: it closes at the bid
    const fired = run(index, 'EURUSD', [['1.16620', '1.16640'], ['1.16790', '1.16800'], ['1.16800', '1.16820'], ['1.15000', '1.15020']])
    expect(fired).toEqual(['3: 1 tp@1.16800'])
    expect(index.size).toBe(0)
  })

  it('a buy stops out its loss when the bid falls to its SL', () => {
    const index = newIndex()
    index.add({ id: '2', symbol: 'EURUSD', kind: 'sl', side: 'buy', level: '1.16000' })
    expect(run(index, 'EURUSD', [['1.16010', '1.16030'], ['1.16000', '1.16020']])).toEqual(['2: 2 sl@1.16000'])
  })

  it('a sell watches the ask: TP when the ask falls to it, SL when the ask rises to it', () => {
    const index = newIndex()
    index.add({ id: '3', symbol: 'USDJPY', kind: 'tp', side: 'sell', level: '150.000' })
    index.add({ id: '4', symbol: 'USDJPY', kind: 'sl', side: 'sell', level: '152.000' })
    // the bid at 149.990 is not enough while the ask is 150.005
    const fired = run(index, 'USDJPY', [['149.990', '150.005'], ['149.985', '150.000'], ['151.990', '152.005']])
    expect(fired).toEqual(['2: 3 tp@150.000', '3: 4 sl@152.005'])
  })

  it('limit orders fill when the price crosses: a buy at ask <= price, a sell at bid >= price', () => {
    const index = newIndex()
    index.add({ id: '5', symbol: 'BTCUSDT', kind: 'limit', side: 'buy', level: '94000.00' })
    index.add({ id: '6', symbol: 'BTCUSDT', kind: 'limit', side: 'sell', level: '96000.00' })
    const fired = run(index, 'BTCUSDT', [['95000.00', '95010.00'], ['93995.00', '94005.00'], ['93990.00', '94000.00'], ['96000.00', '96010.00']])
    expect(fired).toEqual(['3: 5 limit@94000.00', '4: 6 limit@96000.00'])
  })

  it('a gap through a level fills at the gap price, not at the level', () => {
    const index = newIndex()
    index.add({ id: '7', symbol: 'EURUSD', kind: 'sl', side: 'buy', level: '1.16000' })
    index.add({ id: '8', symbol: 'EURUSD', kind: 'tp', side: 'sell', level: '1.16200' })
    expect(run(index, 'EURUSD', [['1.16500', '1.16520'], ['1.15500', '1.15520']])).toEqual(['2: 7 sl@1.15500', '2: 8 tp@1.15520'])
  })

  it('a removed order never fires, and heaps stay right after dead entries are compacted away', () => {
    const index = newIndex()
    for (let i = 0; i < 5000; i++) index.add({ id: `${i}`, symbol: 'EURUSD', kind: 'tp', side: 'buy', level: `1.${17000 + i}` })
    for (let i = 0; i < 5000; i++) if (i % 5 !== 0) index.remove(`${i}`)
    expect(index.size).toBe(1000)
    const fired = index.collect('EURUSD', '1.17999', '1.18019').map((t) => t.id)
    expect(fired).toEqual(Array.from({ length: 200 }, (_, k) => `${k * 5}`))
    expect(index.remove('0')).toBe(false)
  })

  it('a level finer than the tick keeps its meaning', () => {
    const index = newIndex()
    index.add({ id: '9', symbol: 'EURUSD', kind: 'tp', side: 'buy', level: '1.166405' })
    expect(run(index, 'EURUSD', [['1.16640', '1.16660'], ['1.16641', '1.16661']])).toEqual(['2: 9 tp@1.16641'])
    expect([scaled('1.166405', 5, 'ceil'), scaled('1.166405', 5, 'floor'), scaled('-0.5', 0, 'floor'), scaled('12', 2, 'ceil')]).toEqual([116641n, 116640n, -1n, 1200n])
  })
})

/** Which triggers a tick fires, by looking at every one: the meaning the index must keep. */
function scan(live: Map<string, Trigger[]>, bid: number, ask: number): string[] {
  const fired = new Set<string>()
  for (const [id, triggers] of live) {
    for (const t of triggers) {
      const level = Number(t.level)
      const hit = {
        tp: t.side === 'buy' ? bid >= level : ask <= level,
        sl: t.side === 'buy' ? bid <= level : ask >= level,
        limit: t.side === 'buy' ? ask <= level : bid >= level,
        stop: t.side === 'buy' ? ask >= level : bid <= level,
        stop_out: t.side === 'buy' ? bid <= level : bid >= level,
      }[t.kind]
      if (hit) fired.add(id)
    }
  }
  for (const id of fired) live.delete(id)
  return [...fired].sort()
}

it('property: on random paths the index fires exactly what a scan of every trigger fires', () => {
  const trigger = fc.record({
    kind: fc.constantFrom('tp' as const, 'sl' as const, 'limit' as const, 'stop' as const, 'stop_out' as const),
    side: fc.constantFrom('buy' as const, 'sell' as const),
    level: fc.integer({ min: 90, max: 110 }),
  })
  const step = fc.oneof(fc.record({ bid: fc.integer({ min: 85, max: 115 }), spread: fc.integer({ min: 0, max: 3 }) }), fc.record({ remove: fc.nat(40) }))
  fc.assert(
    fc.property(fc.array(fc.array(trigger, { minLength: 1, maxLength: 2 }), { maxLength: 40 }), fc.array(step, { maxLength: 30 }), (orders, steps) => {
      // Prices in whole units of a 0-digit symbol, so the scan's Numbers are exact integers.
      const index = new TriggerIndex(() => 0)
      const live = new Map<string, Trigger[]>()
      orders.forEach((triggers, i) => {
        const list = triggers.map((t) => ({ id: `${i}`, symbol: 'X', kind: t.kind, side: t.side, level: `${t.level}` }))
        list.forEach((t) => index.add(t))
        live.set(`${i}`, list)
      })
      for (const s of steps) {
        if ('remove' in s) {
          expect(index.remove(`${s.remove}`)).toBe(live.delete(`${s.remove}`))
          continue
        }
        const got: Triggered[] = index.collect('X', `${s.bid}`, `${s.bid + s.spread}`)
        expect([...new Set(got.map((t) => t.id))].sort()).toEqual(scan(live, s.bid, s.bid + s.spread))
        expect(got.length).toBe(new Set(got.map((t) => t.id)).size)
      }
      expect(index.size).toBe([...live.values()].reduce((n, l) => n + l.length, 0))
    }),
    { numRuns: 300 },
  )
})

it('the engine core compares no floating point', () => {
  for (const file of ['./trigger-index.ts', './stop-out.ts']) {
    const code = readFileSync(new URL(file, import.meta.url), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '')
    for (const banned of [/\bMath\./, /parseFloat/, /\bNumber\(/, /\.toNumber\(/, /\b\d+\.\d+/]) expect(code, `${file} ${banned}`).not.toMatch(banned)
  }
})
