import Decimal from 'decimal.js'
import { describe, expect, it, vi } from 'vitest'
import type { Ticker } from '#contract/socket.ts'
import { BAND, SIM_INSTRUMENTS } from './instruments.ts'
import { nextMid, quote, startSimulator } from './simulator.ts'

describe('simulator', () => {
  it('quotes bid below ask by exactly the spread, with the instrument digits', () => {
    for (const instrument of SIM_INSTRUMENTS) {
      const t = quote(new Decimal(instrument.start), instrument, 5)
      expect(new Decimal(t.ask).minus(t.bid).toFixed(instrument.digits)).toBe(instrument.spread)
      expect(t.bid.split('.')[1]).toHaveLength(instrument.digits)
      expect(t).toMatchObject({ symbol: instrument.symbol, time: 5, simulated: true, open: new Decimal(instrument.start).toFixed(instrument.digits) })
    }
  })

  it('keeps the walk inside the band, even when every step goes the same way', () => {
    // A large step reaches the band's edges within a few hundred ticks.
    const wild = { symbol: 'WILD', digits: 2, start: '100.00', spread: '0.10', step: '0.05' }
    for (const u of [0, 1]) {
      let mid = new Decimal(wild.start)
      for (let i = 0; i < 1000; i++) {
        mid = nextMid(mid, wild, u)
        expect(mid.gte(Decimal.sub(1, BAND).times(100)) && mid.lte(Decimal.add(1, BAND).times(100))).toBe(true)
      }
    }
  })

  it('publishes only while leading, continuing from the last prices seen', async () => {
    vi.useFakeTimers()
    let leading = false
    const batches: Ticker[][] = []
    const last: Ticker[] = [{ symbol: 'EURUSD', bid: '1.20000', ask: '1.20012', time: 1, simulated: true }]
    const sim = startSimulator({
      tickMs: 1000,
      now: () => 42,
      isLeader: () => leading,
      publish: async (batch) => void batches.push(batch),
      lastTickers: () => last,
      onError: () => {},
      random: () => 0.5,
      instruments: SIM_INSTRUMENTS.slice(0, 1),
    })
    vi.advanceTimersByTime(3000)
    expect(batches).toHaveLength(0)
    leading = true
    vi.advanceTimersByTime(1000)
    // u = 0.5 means no move: the new leader continues at the last mid instead of jumping back to start.
    // The reference for the change stays the instrument's start, so the change is not reset by a new leader.
    expect(batches).toEqual([[{ symbol: 'EURUSD', bid: '1.20000', ask: '1.20012', time: 42, open: '1.08500', simulated: true }]])
    sim.stop()
    vi.useRealTimers()
  })
})
