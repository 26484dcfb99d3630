import { describe, expect, it, vi } from 'vitest'
import type { WebSocket } from 'ws'
import { createMemoryBus } from './bus.ts'
import { encodeFrame } from './frame.ts'
import { createHub } from './hub.ts'

const fakeSocket = () => {
  const sent: Buffer[] = []
  const socket = { OPEN: 1, readyState: 1, bufferedAmount: 0, send: (data: Buffer) => sent.push(data), terminate: vi.fn() }
  return { socket: socket as unknown as WebSocket, sent, raw: socket }
}

describe('hub', () => {
  it('compresses a broadcast once and sends the same Buffer to every client', async () => {
    const encode = vi.fn(encodeFrame)
    const hub = createHub(createMemoryBus(), console, encode)
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

  it('survives a malformed bus message', async () => {
    const bus = createMemoryBus()
    const warn = vi.fn()
    const hub = createHub(bus, { warn })
    await hub.ready
    await bus.publish('user', 'not json')
    await bus.publish('ticker', '{')
    expect(warn).toHaveBeenCalledTimes(2)
  })
})
