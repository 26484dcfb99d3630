import { randomInt } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Ticker } from '#contract/socket.ts'
import { buildTestApp } from '../test/helpers.ts'
import { instrumentBySymbol } from './catalogue.ts'
import { createCandleBook } from './candles.ts'
import { readCandles } from './candles-store.ts'
import { startCandleRecorder } from './candles-recorder.ts'

let app: FastifyInstance
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(() => app?.close())

const NOW = Date.UTC(2026, 10, 25, 15, 7, 12)
const quiet = { info: () => {}, warn: () => {} }

function recorder(leading: { is: boolean }) {
  // A symbol of its own, so runs against a shared PostgreSQL never meet.
  const instrument = { ...instrumentBySymbol('ETHUSDT')!, symbol: `R${randomInt(1e9)}` }
  const book = createCandleBook()
  const last = new Map<string, Ticker>()
  const tick = (bid: string, time: number) => {
    const t = { symbol: instrument.symbol, bid, ask: bid, time, simulated: true }
    last.set(t.symbol, t)
    book.add([t])
  }
  const rec = startCandleRecorder({
    db: app.db, book, isLeader: () => leading.is, now: () => NOW, lastQuote: (s) => last.get(s), log: quiet, flushMs: 60_000, instruments: [instrument],
  })
  return { symbol: instrument.symbol, tick, rec }
}

describe('candle recorder', () => {
  it('on the leader, backfills the past up to the current bid, then stores the live candles at each flush and on stop', async () => {
    const { symbol, tick, rec } = recorder({ is: true })
    tick('3210.00', NOW)
    tick('3215.50', NOW + 1000)
    await rec.flush()
    const minutes = await readCandles(app.db, symbol, '1m', NOW + 60_000, 1000)
    expect(minutes).toHaveLength(301)
    expect(minutes.at(-2)).toMatchObject({ time: NOW - (NOW % 60_000) - 60_000, close: '3215.50' })
    expect(minutes.at(-1)).toEqual({ time: NOW - (NOW % 60_000), open: '3210.00', high: '3215.50', low: '3210.00', close: '3215.50' })
    tick('3190.25', NOW + 2000)
    await rec.stop()
    expect((await readCandles(app.db, symbol, '1d', NOW + 1, 1)).at(-1)).toEqual({ time: Date.UTC(2026, 10, 25), open: '3210.00', high: '3215.50', low: '3190.25', close: '3190.25' })
  })

  it('writes nothing on a follower', async () => {
    const { symbol, tick, rec } = recorder({ is: false })
    tick('3210.00', NOW)
    await rec.stop()
    expect(await readCandles(app.db, symbol, '1d', NOW + 1, 10)).toEqual([])
  })
})
