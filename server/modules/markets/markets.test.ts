import { randomInt } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Ticker } from '#contract/socket.ts'
import { instruments } from '../../market/catalogue.ts'
import { saveCandles } from '../../market/candles-store.ts'
import { buildTestApp, call, signIn } from '../../test/helpers.ts'

// Saturday noon: forex, stocks and futures are closed, crypto trades. Years ago, so on a shared PostgreSQL the
// candles other apps' simulators record now are all after every time these tests ask about.
const SATURDAY = Date.UTC(2020, 0, 4, 12)
let app: FastifyInstance
beforeAll(async () => {
  // The in-process bus even on PostgreSQL: quotes published here must not meet other test apps' simulators on Redis.
  app = await buildTestApp({ now: () => SATURDAY, redisUrl: undefined })
})
afterAll(() => app?.close())

const get = (url: string, token?: string) => call(app, 'GET', url, { token })
const post = (url: string, token: string | undefined, body: unknown) => call(app, 'POST', url, { token, body })
const ticker = (symbol: string, bid: string, ask: string, open: string, time = SATURDAY): Ticker => ({ symbol, bid, ask, open, time, simulated: true })

describe('GET /api/getProdList', () => {
  it('lists the whole catalogue with open state, next opening and the last quote, marked simulated', async () => {
    await app.hub.publishTickers([ticker('BTCUSDT', '95000.00', '95010.00', '94000.00')])
    const { status, body } = await get('/api/getProdList')
    expect(status).toBe(200)
    const list = body.data as Array<Record<string, unknown>>
    expect(list).toHaveLength(instruments.length)
    const btc = list.find((i) => i.symbol === 'BTCUSDT')!
    expect(btc).toMatchObject({ pid: 2001, class: 'crypto', isOpen: true, nextOpen: null, quote: { bid: '95000.00', simulated: true } })
    // Forex reopens on Sunday at 22:00 UTC; the simulator's own fields stay on the server.
    const eur = list.find((i) => i.symbol === 'EURUSD')!
    expect(eur).toMatchObject({ isOpen: false, nextOpen: Date.UTC(2020, 0, 5, 22), contractSize: '100000', leverages: [1, 10, 20, 50, 100, 200, 500] })
    expect(eur).not.toHaveProperty('start')
    expect(eur).not.toHaveProperty('volatility')
  })
})

describe('GET /api/getProdInfoByPid and /api/getProdInfoByCode', () => {
  it('finds an instrument by its number and by its symbol', async () => {
    expect((await get('/api/getProdInfoByPid?pid=1001')).body.data).toMatchObject({ symbol: 'EURUSD', digits: 5, pipSize: '0.0001' })
    expect((await get('/api/getProdInfoByCode?code=AAPL')).body.data).toMatchObject({ pid: 3001, class: 'stock', hours: 'us_equity', isOpen: false })
  })

  it('answers 404 with the unknown symbol or number named', async () => {
    expect((await get('/api/getProdInfoByPid?pid=999999')).body).toEqual({ code: 404, msg: 'There is no instrument with the number 999999', data: null })
    expect((await get('/api/getProdInfoByCode?code=NOPE')).body).toEqual({ code: 404, msg: 'There is no instrument with the symbol NOPE', data: null })
  })

  it('refuses a malformed number or symbol with 400', async () => {
    for (const url of ['/api/getProdInfoByPid?pid=abc', '/api/getProdInfoByPid', '/api/getProdInfoByCode?code=eur-usd', '/api/getProdInfoByCode']) {
      const { status, body } = await get(url)
      expect(status, url).toBe(400)
      expect(body.msg).toMatch(/^Invalid input/)
    }
  })
})

describe('GET /api/getIndexDataV2', () => {
  it('counts each class from the catalogue and ranks the moves against the opening price', async () => {
    await app.hub.publishTickers([
      ticker('SOLUSDT', '189.00', '189.10', '180.00'), // +5 %
      ticker('DOGEUSDT', '0.18360', '0.18380', '0.18000'), // +2 %
      ticker('ETHUSDT', '3103.50', '3104.50', '3200.00'), // −3 %
      ticker('LTCUSDT', '94.95', '95.05', '95.00'), // unchanged
      ticker('BTCUSDT', '95000.00', '95010.00', '95005.00'), // unchanged
    ])
    const { status, body } = await get('/api/getIndexDataV2')
    expect(status).toBe(200)
    const data = body.data as { counts: Record<string, number>; gainers: Ticker[]; losers: Ticker[]; featured: string[] }
    expect(data.counts).toEqual({ forex: 20, crypto: 16, stock: 16, etf: 9, futures: 10 })
    expect(Object.values(data.counts).reduce((a, b) => a + b)).toBe(instruments.length)
    expect(data.gainers.map((t) => t.symbol)).toEqual(['SOLUSDT', 'DOGEUSDT'])
    expect(data.losers.map((t) => t.symbol)).toEqual(['ETHUSDT'])
    expect(data.losers[0]).toMatchObject({ bid: '3103.50', simulated: true })
    expect(data.featured).toContain('EURUSD')
  })
})

describe('GET /api/getKline', () => {
  const MINUTE = 60_000
  const base = SATURDAY - 10 * MINUTE

  it('answers the newest candles before `to` in ascending order, with the live candle merged in', async () => {
    // XRPUSDT stands for a symbol with stored history: minutes base .. base + 9.
    const stored = Array.from({ length: 10 }, (_, i) => ({ symbol: 'XRPUSDT', interval: '1m' as const, time: base + i * MINUTE, open: '2.3000', high: '2.3100', low: '2.2900', close: '2.3050', ticks: 40 + i }))
    await saveCandles(app.db, stored)
    // The live minute: stored once by the leader (after one tick), ticking on since.
    await saveCandles(app.db, [{ symbol: 'XRPUSDT', interval: '1m', time: SATURDAY, open: '2.3050', high: '2.3060', low: '2.3040', close: '2.3060', ticks: 1 }])
    await app.hub.publishTickers([ticker('XRPUSDT', '2.3200', '2.3210', '2.3000', SATURDAY + 5000)])
    await app.hub.publishTickers([ticker('XRPUSDT', '2.3010', '2.3020', '2.3000', SATURDAY + 6000)])

    const { status, body } = await get(`/api/getKline?symbol=XRPUSDT&interval=1m&limit=3&to=${SATURDAY + MINUTE}`)
    expect(status).toBe(200)
    expect(body.data).toEqual([
      { time: base + 8 * MINUTE, open: '2.3000', high: '2.3100', low: '2.2900', close: '2.3050', ticks: 48 },
      { time: base + 9 * MINUTE, open: '2.3000', high: '2.3100', low: '2.2900', close: '2.3050', ticks: 49 },
      // The live candle's count is the ticks this process heard in it: the larger count, never the two added.
      { time: SATURDAY, open: '2.3050', high: '2.3200', low: '2.3010', close: '2.3010', ticks: 2 },
    ])
    // Paging back: the candles that start before the oldest one shown, then a simulated past joined to them.
    const older = (await get(`/api/getKline?symbol=XRPUSDT&interval=1m&limit=100&to=${base + 8 * MINUTE}`)).body.data as Array<{ time: number; close: string }>
    expect(older).toHaveLength(100)
    expect(older.slice(-8).map((c) => c.time)).toEqual(Array.from({ length: 8 }, (_, i) => base + i * MINUTE))
    for (let i = 1; i < older.length; i++) expect(older[i]!.time).toBeGreaterThan(older[i - 1]!.time)
  })

  it('never shows an empty chart: a market with no stored candles gets a simulated past up to its price', async () => {
    await app.hub.publishTickers([ticker('LINKUSDT', '18.250', '18.270', '18.000', SATURDAY + 2000)])
    const candles = (await get('/api/getKline?symbol=LINKUSDT&interval=15m')).body.data as Array<{ time: number; open: string; close: string; ticks: number }>
    expect(candles).toHaveLength(300)
    // The past ends where the live candle opens; the live candle is the newest.
    expect(candles.at(-1)).toMatchObject({ time: SATURDAY, open: '18.250', close: '18.250' })
    expect(candles.at(-2)).toMatchObject({ time: SATURDAY - 15 * MINUTE, close: '18.250' })
    // Every bar has a tick volume: the simulated past a simulated count, the live bar the one tick it heard.
    expect(candles.at(-1)).toMatchObject({ ticks: 1 })
    for (const c of candles) expect(Number.isInteger(c.ticks) && c.ticks > 0).toBe(true)
  })

  it('shows a live candle that is not stored yet, newest last', async () => {
    const symbol = 'ADAUSDT'
    await app.hub.publishTickers([ticker(symbol, '0.7000', '0.7005', '0.7000', SATURDAY + 1000)])
    const { body } = await get(`/api/getKline?symbol=${symbol}&interval=1h&limit=1`)
    expect(body.data).toEqual([{ time: SATURDAY, open: '0.7000', high: '0.7000', low: '0.7000', close: '0.7000', ticks: 1 }])
  })

  it('answers 404 for an unknown symbol and 400 for a bad interval, limit or time', async () => {
    expect((await get('/api/getKline?symbol=NOPE&interval=1m')).body).toMatchObject({ code: 404, msg: 'There is no instrument with the symbol NOPE' })
    for (const query of ['symbol=EURUSD&interval=2m', 'symbol=EURUSD&interval=1m&limit=0', 'symbol=EURUSD&interval=1m&limit=1001', 'symbol=EURUSD&interval=1m&to=-5', 'interval=1m']) {
      expect((await get(`/api/getKline?${query}`)).status, query).toBe(400)
    }
  })
})

describe('favourites', () => {
  it('adds and removes favourites idempotently, in the order added, per user', async () => {
    const { token } = await signIn(app)
    const { token: other } = await signIn(app)
    expect((await post('/api/userCollect', token, { symbol: 'EURUSD', collect: true })).body.data).toEqual(['EURUSD'])
    expect((await post('/api/userCollect', token, { symbol: 'BTCUSDT', collect: true })).body.data).toEqual(['EURUSD', 'BTCUSDT'])
    expect((await post('/api/userCollect', token, { symbol: 'EURUSD', collect: true })).body.data).toEqual(['EURUSD', 'BTCUSDT'])
    expect((await get('/api/checkUserCollect?code=BTCUSDT', token)).body.data).toEqual({ collected: true })
    expect((await get('/api/checkUserCollect?code=BTCUSDT', other)).body.data).toEqual({ collected: false })
    expect((await get('/api/getUserCollectList', other)).body.data).toEqual([])

    expect((await post('/api/userCollect', token, { symbol: 'EURUSD', collect: false })).body.data).toEqual(['BTCUSDT'])
    expect((await post('/api/userCollect', token, { symbol: 'EURUSD', collect: false })).body.data).toEqual(['BTCUSDT'])
    expect((await get('/api/getUserCollectList', token)).body.data).toEqual(['BTCUSDT'])
    expect((await get('/api/checkUserCollect?code=EURUSD', token)).body.data).toEqual({ collected: false })
  })

  it('asks to sign in (401) without a token', async () => {
    expect((await get('/api/checkUserCollect?code=EURUSD')).status).toBe(401)
    expect((await get('/api/getUserCollectList')).status).toBe(401)
    expect((await post('/api/userCollect', undefined, { symbol: 'EURUSD', collect: true })).status).toBe(401)
  })

  it('refuses an unknown symbol (404) and a malformed request (400), changing nothing', async () => {
    const { token } = await signIn(app)
    const unknown = `ZZ${randomInt(1e6)}`
    expect((await post('/api/userCollect', token, { symbol: unknown, collect: true })).body).toEqual({ code: 404, msg: `There is no instrument with the symbol ${unknown}`, data: null })
    expect((await get(`/api/checkUserCollect?code=${unknown}`, token)).status).toBe(404)
    for (const body of [{ symbol: 'EURUSD' }, { symbol: 'eurusd', collect: true }, { symbol: 'EURUSD', collect: 'yes' }, [], 42]) {
      expect((await post('/api/userCollect', token, body)).status, JSON.stringify(body)).toBe(400)
    }
    expect((await get('/api/checkUserCollect?code=', token)).status).toBe(400)
    expect((await get('/api/getUserCollectList', token)).body.data).toEqual([])
  })
})
