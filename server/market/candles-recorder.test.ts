import { randomInt } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp } from '../test/helpers.ts'
import { createCandleBook } from './candles.ts'
import { readCandles } from './candles-store.ts'
import { startCandleRecorder } from './candles-recorder.ts'

let app: FastifyInstance
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(() => app?.close())

const NOW = Date.UTC(2026, 10, 25, 15, 7, 12)
const MINUTE = NOW - (NOW % 60_000)

function recorder(isLeader: boolean) {
  // A symbol of its own (unknown to the catalogue, so always trading), so runs on a shared PostgreSQL never meet.
  const symbol = `R${randomInt(1e9)}`
  const book = createCandleBook()
  const tick = (bid: string, time: number) => book.add([{ symbol, bid, ask: bid, time, simulated: true }])
  const rec = startCandleRecorder({ db: app.db, book, isLeader: () => isLeader, now: () => NOW, log: { warn: () => {} }, flushMs: 60_000 })
  return { symbol, tick, rec }
}

describe('candle recorder', () => {
  it('on the leader, stores the changed candles of every interval at each flush and on stop', async () => {
    const { symbol, tick, rec } = recorder(true)
    tick('3210.00', NOW)
    tick('3215.50', NOW + 1000)
    await rec.flush()
    expect(await readCandles(app.db, symbol, '1m', NOW + 60_000, 10)).toEqual([{ time: MINUTE, open: '3210.00', high: '3215.50', low: '3210.00', close: '3215.50', ticks: 2 }])
    tick('3190.25', NOW + 2000)
    tick('3200.00', NOW + 60_000)
    await rec.stop()
    expect(await readCandles(app.db, symbol, '1m', NOW + 120_000, 10)).toEqual([
      // Written at both flushes: its count is the three ticks heard, not 2 + 3.
      { time: MINUTE, open: '3210.00', high: '3215.50', low: '3190.25', close: '3190.25', ticks: 3 },
      { time: MINUTE + 60_000, open: '3200.00', high: '3200.00', low: '3200.00', close: '3200.00', ticks: 1 },
    ])
    expect(await readCandles(app.db, symbol, '1d', NOW + 120_000, 10)).toEqual([{ time: Date.UTC(2026, 10, 25), open: '3210.00', high: '3215.50', low: '3190.25', close: '3200.00', ticks: 4 }])
  })

  it('writes nothing on a follower', async () => {
    const { symbol, tick, rec } = recorder(false)
    tick('3210.00', NOW)
    await rec.stop()
    expect(await readCandles(app.db, symbol, '1d', NOW + 1, 10)).toEqual([])
  })
})
