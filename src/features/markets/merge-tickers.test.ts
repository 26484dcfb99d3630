import { describe, expect, it } from 'vitest'
import type { Ticker } from '#contract/socket.ts'
import { mergeTickers } from './api.ts'

const tick = (symbol: string, time: number, bid = '1.00'): Ticker => ({ symbol, bid, ask: bid, time, simulated: true })
const symbols = (list: Ticker[]) => list.map((t) => t.symbol)

describe('merging ticker frames into the kept prices', () => {
  it('keeps the list in symbol order when symbols join it', () => {
    const first = mergeTickers(undefined, [tick('USDJPY', 1), tick('BTCUSD', 1), tick('EURUSD', 1)])
    expect(symbols(first)).toEqual(['BTCUSD', 'EURUSD', 'USDJPY'])
    expect(symbols(mergeTickers(first, [tick('AAPL', 2), tick('GBPUSD', 2)]))).toEqual(['AAPL', 'BTCUSD', 'EURUSD', 'GBPUSD', 'USDJPY'])
  })
  it('takes the newest tick per symbol, so late saved prices never hide a fresher live one', () => {
    const live = mergeTickers(undefined, [tick('EURUSD', 5, '1.17')])
    expect(mergeTickers(live, [tick('EURUSD', 3, '1.16')])[0]!.bid).toBe('1.17')
    expect(mergeTickers(live, [tick('EURUSD', 6, '1.18')])[0]!.bid).toBe('1.18')
    // Two frames applied together: the later of them wins.
    expect(mergeTickers(live, [tick('EURUSD', 6, '1.18'), tick('EURUSD', 7, '1.19')])[0]!.bid).toBe('1.19')
  })
  it('keeps the objects of symbols that did not tick, so their rows do not render again', () => {
    const before = mergeTickers(undefined, [tick('BTCUSD', 1), tick('EURUSD', 1)])
    const after = mergeTickers(before, [tick('EURUSD', 2)])
    expect(after[0]).toBe(before[0])
    expect(after[1]).not.toBe(before[1])
    expect(before[1]!.time).toBe(1)
  })
})
