import { inflateSync } from 'node:zlib'
import { describe, expect, it, vi } from 'vitest'
import type { WebSocket } from 'ws'
import { createMemoryBus } from './bus.ts'
import { encodeFrame } from './frame.ts'
import { createHub } from './hub.ts'
import { SOCKET_CLOSE, type Ticker } from '#contract/socket.ts'

const fakeSocket = () => {
  const sent: Buffer[] = []
  const socket = { OPEN: 1, readyState: 1, bufferedAmount: 0, send: (data: Buffer) => sent.push(data), terminate: vi.fn(), close: vi.fn() }
  return { socket: socket as unknown as WebSocket, sent, raw: socket }
}

describe('hub', () => {
  it('compresses a broadcast once and sends the same Buffer to every client', async () => {
    const encode = vi.fn(encodeFrame)
    const hub = createHub(createMemoryBus(), console, { encode })
    await hub.ready
    const sockets = [fakeSocket(), fakeSocket(), fakeSocket()]
    for (const s of sockets) hub.add(s.socket)
    await hub.publishTickers([{ symbol: 'EURUSD', bid: '1.08500', ask: '1.08512', time: 1, simulated: true }])
    expect(encode).toHaveBeenCalledTimes(1)
    const [first] = sockets[0]!.sent
    expect(first).toBeInstanceOf(Buffer)
    for (const s of sockets) expect(s.sent).toEqual([first]) // toEqual on the array, identity below
    expect(sockets.every((s) => s.sent[0] === first)).toBe(true)
    expect(hub.stats).toEqual({ framesEncoded: 1, framesSent: 3 })
  })

  it('skips ticks for a client far behind and cuts off one further behind', async () => {
    const hub = createHub(createMemoryBus(), console)
    await hub.ready
    const slow = fakeSocket()
    const stuck = fakeSocket()
    slow.raw.bufferedAmount = 2 * 1024 * 1024
    stuck.raw.bufferedAmount = 16 * 1024 * 1024
    hub.add(slow.socket)
    hub.add(stuck.socket)
    await hub.publishTickers([])
    expect(slow.sent).toHaveLength(0)
    expect(stuck.raw.terminate).toHaveBeenCalled()
    await hub.broadcast({ messageType: 'notice', data: null })
    expect(slow.sent).toHaveLength(1)
  })

  it("ends a revoked session's sockets at once, before the bus echoes it, and tells the session cache", async () => {
    const bus = createMemoryBus()
    const hub = createHub(bus, console)
    await hub.ready
    const [revoked, kept] = [fakeSocket(), fakeSocket()]
    Object.assign(hub.add(revoked.socket), { userId: 'u1', sessionId: 's1', sessionCreatedAt: 1 })
    Object.assign(hub.add(kept.socket), { userId: 'u1', sessionId: 's2', sessionCreatedAt: 1 })
    const heard: unknown[] = []
    hub.onSessionEvent((event) => heard.push(event))
    const publishing = hub.revokeSession('s1')
    expect(revoked.raw.close).toHaveBeenCalledWith(SOCKET_CLOSE.sessionEnded, 'session ended')
    await publishing
    expect(kept.raw.close).not.toHaveBeenCalled()
    expect(heard[0]).toEqual({ revoked: ['s1'] })
    await hub.publishToUser('u1', { messageType: 'new_message', data: null })
    expect([revoked.sent.length, kept.sent.length]).toEqual([0, 1])
  })

  it("sends the users' messages of one tick as one bus message, each to its own user's sockets in order", async () => {
    const bus = createMemoryBus()
    const published = vi.spyOn(bus, 'publish')
    const hub = createHub(bus, console)
    await hub.ready
    const [a, b, other] = [fakeSocket(), fakeSocket(), fakeSocket()]
    Object.assign(hub.add(a.socket), { userId: 'u1', sessionId: 's1', sessionCreatedAt: 1 })
    Object.assign(hub.add(b.socket), { userId: 'u2', sessionId: 's2', sessionCreatedAt: 1 })
    Object.assign(hub.add(other.socket), { userId: null, sessionId: null, sessionCreatedAt: null })
    await Promise.all([
      hub.publishToUser('u1', { messageType: 'order_update', data: { orderNo: '1' } }),
      hub.publishToUser('u2', { messageType: 'new_message', data: null }),
      hub.publishToUser('u1', { messageType: 'balance_update', data: { book: 'demo' } }),
    ])
    expect(published).toHaveBeenCalledTimes(1)
    const types = (sent: Buffer[]) => sent.map((data) => (JSON.parse(inflateSync(data).toString()) as { messageType: string }).messageType)
    expect(types(a.sent)).toEqual(['order_update', 'balance_update'])
    expect(types(b.sent)).toEqual(['new_message'])
    expect(other.sent).toHaveLength(0)
  })

  it('survives a malformed bus message', async () => {
    const bus = createMemoryBus()
    const warn = vi.fn()
    const hub = createHub(bus, { warn })
    await hub.ready
    await bus.publish('user', 'not json')
    await bus.publish('ticker', '{')
    await bus.publish('session', 'null')
    await bus.publish('session', '{"revoked":[1]}')
    expect(warn).toHaveBeenCalledTimes(4)
  })
})

describe('hub ticker frames', () => {
  const inflated = (data: Buffer) => JSON.parse(inflateSync(data).toString()) as { messageType: string; data: Ticker[] }
  const tick = (symbol: string, bid: string, time = 1): Ticker => ({ symbol, bid, ask: bid, time, simulated: true })
  /** A fake socket that can be awaited for its n-th message. */
  const watched = () => {
    const s = fakeSocket()
    let wake = () => {}
    const push = s.raw.send
    s.raw.send = (data: Buffer) => {
      wake()
      return push(data)
    }
    const nth = async (n: number) => {
      while (s.sent.length < n) await new Promise<void>((resolve) => (wake = resolve))
      return s.sent[n - 1]!
    }
    return { ...s, nth }
  }

  it('merges batches arriving within one interval into one frame, the latest quote of each symbol winning', async () => {
    const hub = createHub(createMemoryBus(), console, { tickerGapMs: 100 })
    await hub.ready
    const heard: Ticker[][] = []
    hub.onTickers((batch) => heard.push(batch))
    const client = watched()
    hub.add(client.socket)
    await hub.publishTickers([tick('EURUSD', '1.10000')])
    await hub.publishTickers([tick('EURUSD', '1.10001'), tick('BTCUSDT', '95000.00')])
    await hub.publishTickers([tick('EURUSD', '1.10002')])
    expect(client.sent).toHaveLength(1) // the first went out at once, the next two wait for the interval to end
    expect(inflated(await client.nth(2)).data).toEqual([tick('EURUSD', '1.10002'), tick('BTCUSDT', '95000.00')])
    expect(hub.stats.framesEncoded).toBe(2)
    expect(heard).toHaveLength(3) // the engine and the quote book still see every batch as it came
  })

  it('gives a new socket the last quote of every symbol, encoded once for all newcomers', async () => {
    const encode = vi.fn(encodeFrame)
    const hub = createHub(createMemoryBus(), console, { encode, tickerGapMs: 0 })
    await hub.ready
    await hub.publishTickers([tick('EURUSD', '1.10000'), tick('AAPL', '230.00')])
    await hub.publishTickers([tick('EURUSD', '1.10005')])
    const [a, b] = [fakeSocket(), fakeSocket()]
    hub.sendLastTickers(hub.add(a.socket))
    hub.sendLastTickers(hub.add(b.socket))
    expect(inflated(a.sent[0]!).data).toEqual([tick('EURUSD', '1.10005'), tick('AAPL', '230.00')])
    expect(b.sent[0]).toBe(a.sent[0])
    expect(encode).toHaveBeenCalledTimes(3)
    expect(hub.lastTickers()).toEqual([tick('EURUSD', '1.10005'), tick('AAPL', '230.00')])
  })

  it('answers a ping without deflating anything', async () => {
    const encode = vi.fn(encodeFrame)
    const hub = createHub(createMemoryBus(), console, { encode })
    await hub.ready
    const s = fakeSocket()
    hub.reply(hub.add(s.socket), { messageType: 'pong', data: { time: 42 } })
    expect(JSON.parse(inflateSync(s.sent[0]!).toString())).toEqual({ messageType: 'pong', data: { time: 42 } })
    expect(encode).not.toHaveBeenCalled()
  })

  it('drops a ticker batch that is not a list of tickers', async () => {
    const bus = createMemoryBus()
    const warn = vi.fn()
    const hub = createHub(bus, { warn })
    await hub.ready
    await bus.publish('ticker', JSON.stringify({ messageType: 'ticker', data: [{ symbol: 'EURUSD' }] }))
    expect(warn).toHaveBeenCalledTimes(1)
    expect(hub.lastTickers()).toBeNull()
  })
})
