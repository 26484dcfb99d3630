import { describe, expect, it, vi, beforeEach, afterEach } from 'vitest'
import { deflate } from 'pako'
import { LiveSocket, inflateFrame, retryDelay } from './socket.ts'

class FakeSocket {
  static all: FakeSocket[] = []
  readyState = 0
  binaryType = ''
  sent: string[] = []
  onopen: (() => void) | null = null
  onmessage: ((e: { data: unknown }) => void) | null = null
  onclose: (() => void) | null = null
  onerror: (() => void) | null = null
  constructor() {
    FakeSocket.all.push(this)
  }
  open() {
    this.readyState = 1
    this.onopen?.()
  }
  send(data: string) {
    this.sent.push(data)
  }
  close() {
    if (this.readyState === 3) return
    this.readyState = 3
    this.onclose?.()
  }
  receive(frame: unknown) {
    this.onmessage?.({ data: deflate(JSON.stringify(frame)).buffer })
  }
}

const last = () => FakeSocket.all.at(-1)!

describe('LiveSocket', () => {
  beforeEach(() => {
    FakeSocket.all = []
    vi.useFakeTimers()
  })
  afterEach(() => vi.useRealTimers())

  const start = (token: string | null = 'tok', onMessage = vi.fn(), onVisible = vi.fn()) => {
    const socket = new LiveSocket({
      url: 'ws://x/ws',
      getToken: () => token,
      onMessage,
      onVisible,
      createSocket: () => new FakeSocket() as never,
    })
    socket.start()
    return { socket, onMessage, onVisible }
  }

  it('binds the token as soon as it connects', () => {
    start('secret')
    last().open()
    expect(last().sent.map((s) => JSON.parse(s))).toEqual([{ type: 'bind_user', token: 'secret' }])
  })

  it('reconnects after 500 ms times the attempt count', () => {
    start()
    last().close()
    vi.advanceTimersByTime(499)
    expect(FakeSocket.all).toHaveLength(1)
    vi.advanceTimersByTime(1)
    expect(FakeSocket.all).toHaveLength(2)
    last().close()
    vi.advanceTimersByTime(999)
    expect(FakeSocket.all).toHaveLength(2)
    vi.advanceTimersByTime(1)
    expect(FakeSocket.all).toHaveLength(3)
    expect(retryDelay(4)).toBe(2000)
  })

  it('pings every 5 s and closes when no pong comes within 5 s', () => {
    start()
    const ws = last()
    ws.open()
    vi.advanceTimersByTime(5000)
    expect(JSON.parse(ws.sent.at(-1)!)).toEqual({ type: 'ping' })
    ws.receive({ messageType: 'pong', data: { time: 1 } })
    vi.advanceTimersByTime(4999)
    expect(ws.readyState).toBe(1)
    vi.advanceTimersByTime(1) // second ping at 10 s, no answer this time
    vi.advanceTimersByTime(5000)
    expect(ws.readyState).toBe(3)
  })

  it('delivers inflated frames to the app, but not pongs', () => {
    const { onMessage } = start()
    last().open()
    last().receive({ messageType: 'new_message', data: { id: 1 } })
    last().receive({ messageType: 'pong', data: { time: 1 } })
    expect(onMessage).toHaveBeenCalledTimes(1)
    expect(onMessage).toHaveBeenCalledWith({ messageType: 'new_message', data: { id: 1 } })
  })

  it('retries a send while the socket is not open', () => {
    const { socket } = start(null)
    socket.send({ type: 'ping' })
    vi.advanceTimersByTime(500)
    last().open()
    vi.advanceTimersByTime(1000)
    expect(last().sent.map((s) => JSON.parse(s))).toEqual([{ type: 'ping' }])
  })

  it('checks the connection 1 000 ms after the tab becomes visible, then refreshes', () => {
    const { socket, onVisible } = start()
    last().open()
    last().readyState = 3 // died silently while hidden
    socket.handleVisible()
    vi.advanceTimersByTime(999)
    expect(onVisible).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(onVisible).toHaveBeenCalledTimes(1)
    expect(FakeSocket.all).toHaveLength(2)
  })
})

describe('inflateFrame', () => {
  it('reads large frames across 16 KB chunks and rejects garbage', () => {
    const big = { messageType: 'ticker', data: Array.from({ length: 3000 }, (_, i) => ({ symbol: `S${i}`, bid: '1.2345' })) }
    expect(inflateFrame(deflate(JSON.stringify(big)))).toEqual(big)
    expect(inflateFrame(new Uint8Array([1, 2, 3]))).toBeNull()
  })
})
