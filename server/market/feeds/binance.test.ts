// The Binance adapter against a local WebSocket server on 127.0.0.1 replaying a recorded bookTicker stream
// (fixtures/binance-book-ticker.jsonl): what the exchange would send, without the internet.
import { readFileSync } from 'node:fs'
import Decimal from 'decimal.js'
import { afterEach, describe, expect, it, vi } from 'vitest'
import WebSocket, { WebSocketServer } from 'ws'
import type { Ticker } from '#contract/socket.ts'
import { instruments } from '../catalogue.ts'
import { parseBookTicker, startBinanceFeed } from './binance.ts'
import type { Feed } from './feed.ts'

const recorded = readFileSync(new URL('./fixtures/binance-book-ticker.jsonl', import.meta.url), 'utf8').trim().split('\n')
const crypto = instruments.filter((i) => i.class === 'crypto')
const digitsOf = (symbol: string) => crypto.find((i) => i.symbol === symbol)!.digits

/** A stand-in exchange: hands over each connection as it comes. */
async function replayServer() {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 })
  await new Promise((resolve) => server.once('listening', resolve))
  const queue: Array<{ socket: WebSocket; url: string }> = []
  let wake = () => {}
  server.on('connection', (socket, request) => {
    queue.push({ socket, url: request.url ?? '' })
    wake()
  })
  const nextConnection = async () => {
    while (queue.length === 0) await new Promise<void>((resolve) => (wake = resolve))
    return queue.shift()!
  }
  const { port } = server.address() as { port: number }
  return { url: `ws://127.0.0.1:${port}`, nextConnection, connections: () => server.clients.size, close: () => server.close() }
}

let running: Array<{ stop: () => void }> = []
afterEach(() => {
  for (const r of running) r.stop()
  running = []
})

const NOW = 1_764_000_000_000

async function startFeed(leading = { now: true }, lastTickers: Ticker[] = []) {
  const server = await replayServer()
  const batches: Ticker[][] = []
  let wake = () => {}
  const warn = vi.fn()
  const feed: Feed = startBinanceFeed({
    url: server.url,
    instruments: crypto,
    now: () => NOW,
    lastTickers: () => lastTickers,
    isLeader: () => leading.now,
    publish: async (batch) => {
      batches.push(batch)
      wake()
    },
    onError: (error) => {
      throw error
    },
    log: { info: () => {}, warn },
    batchMs: 20,
    backoffMs: 10,
  })
  running.push(feed, { stop: server.close })
  /** Waits for batches until the condition holds. */
  const until = async (condition: () => boolean) => {
    while (!condition()) await new Promise<void>((resolve) => (wake = resolve))
  }
  const latest = () => new Map(batches.flat().map((t) => [t.symbol, t]))
  return { server, batches, until, latest, warn }
}

describe('Binance bookTicker feed', () => {
  it("subscribes to the catalogue's crypto symbols and publishes the replayed best bid and ask in batches", async () => {
    const { server, batches, until, latest } = await startFeed()
    const { socket, url } = await server.nextConnection()
    expect(new URL(url, server.url).searchParams.get('streams')?.split('/')).toEqual(
      crypto.map((i) => `${i.symbol.toLowerCase()}@bookTicker`),
    )
    for (const line of recorded) socket.send(line)

    const sent = recorded.map((line) => (JSON.parse(line) as { data: { s: string; b: string; a: string } }).data)
    const expected = new Map(sent.map((d) => [d.s, { bid: new Decimal(d.b).toFixed(digitsOf(d.s)), ask: new Decimal(d.a).toFixed(digitsOf(d.s)) }]))
    await until(() => [...expected].every(([symbol, q]) => latest().get(symbol)?.bid === q.bid && latest().get(symbol)?.ask === q.ask))

    expect(latest().get('XRPUSDT')).toMatchObject({ bid: '2.3143', ask: '2.3144', simulated: false })
    expect(batches.length).toBeLessThan(recorded.length)
    for (const batch of batches) {
      expect(new Set(batch.map((t) => t.symbol)).size).toBe(batch.length) // one entry per symbol and batch
      for (const t of batch) {
        expect(t).toMatchObject({ simulated: false, time: NOW, open: expect.any(String) })
        expect(t.bid.split('.')[1]).toHaveLength(digitsOf(t.symbol))
        // Every published quote is one the exchange sent.
        expect(sent.some((d) => d.s === t.symbol && new Decimal(d.b).eq(t.bid) && new Decimal(d.a).eq(t.ask))).toBe(true)
      }
    }
  })

  it('reconnects after the exchange drops the connection, and carries on publishing', async () => {
    const { server, until, latest } = await startFeed()
    const first = await server.nextConnection()
    first.socket.send(recorded[0]!)
    await until(() => latest().has('BTCUSDT'))
    first.socket.terminate()

    const second = await server.nextConnection()
    second.socket.send(JSON.stringify({ stream: 'btcusdt@bookTicker', data: { u: 1, s: 'BTCUSDT', b: '96000.10000000', B: '1', a: '96000.20000000', A: '1' } }))
    await until(() => latest().get('BTCUSDT')?.bid === '96000.10')
    expect(latest().get('BTCUSDT')?.ask).toBe('96000.20')
  })

  it('ignores malformed messages and keeps the connection', async () => {
    const { server, batches, until, latest, warn } = await startFeed()
    const { socket } = await server.nextConnection()
    const good = (b: string, a: string) => JSON.stringify({ stream: 'ethusdt@bookTicker', data: { u: 2, s: 'ETHUSDT', b, B: '1', a, A: '1' } })
    for (const junk of [
      'not json',
      'null',
      '{"result":null,"id":1}',
      JSON.stringify({ stream: 'ethusdt@bookTicker', data: { s: 'ETHUSDT', b: 'abc', a: '3187.44' } }),
      JSON.stringify({ stream: 'ethusdt@bookTicker', data: { s: 'ETHUSDT', b: 3187.43, a: 3187.44 } }),
      JSON.stringify({ stream: 'shibusdt@bookTicker', data: { s: 'SHIBUSDT', b: '0.00001', a: '0.00002' } }),
      good('3187.50000000', '3187.40000000'), // crossed
      good('0.00000000', '3187.44000000'), // empty bid side
    ]) {
      socket.send(junk)
    }
    socket.send(Buffer.from([1, 2, 3]), { binary: true })
    socket.send(good('3187.43000000', '3187.44000000'))
    await until(() => latest().has('ETHUSDT'))

    expect(batches.flat()).toEqual([expect.objectContaining({ symbol: 'ETHUSDT', bid: '3187.43', ask: '3187.44' })])
    expect(socket.readyState).toBe(WebSocket.OPEN)
    expect(server.connections()).toBe(1)
    expect(warn).toHaveBeenCalledTimes(1) // once per connection, not once per message
    expect(parseBookTicker('{"data":{"s":"BTCUSDT","b":"1e5","a":"2"}}')).toBeNull()
  })

  it("measures the day's change from the first real price of the day, never from a simulated one", async () => {
    const last: Ticker[] = [
      { symbol: 'BTCUSDT', bid: '90000.00', ask: '90010.00', time: NOW - 1000, open: '88000.00', simulated: true },
      { symbol: 'ETHUSDT', bid: '3100.00', ask: '3101.00', time: NOW - 1000, open: '3000.00', simulated: false },
    ]
    const { server, until, latest } = await startFeed({ now: true }, last)
    const { socket } = await server.nextConnection()
    socket.send(recorded[0]!) // BTCUSDT 95012.33 / 95012.34
    socket.send(recorded[1]!) // ETHUSDT
    await until(() => latest().has('BTCUSDT') && latest().has('ETHUSDT'))
    expect(latest().get('BTCUSDT')?.open).toBe('95012.34') // the mid 95012.335, rounded half up
    expect(latest().get('ETHUSDT')?.open).toBe('3000.00') // carried over from the real quote earlier today
  })

  it('holds the connection only while leading', async () => {
    const leading = { now: true }
    const { server } = await startFeed(leading)
    const first = await server.nextConnection()
    const closed = new Promise((resolve) => first.socket.once('close', resolve))
    leading.now = false
    await closed
    expect(server.connections()).toBe(0)
    leading.now = true
    await server.nextConnection()
    expect(server.connections()).toBe(1)
  })
})
