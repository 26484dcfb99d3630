import { describe, expect, it, vi, beforeEach, afterEach } from 'vitest'
import { deflateSync } from 'node:zlib'
import { LiveSocket, inflateFrame, retryDelay } from './socket.ts'

class FakeSocket {
  static all: FakeSocket[] = []
  readyState = 0
  binaryType = ''
  sent: string[] = []
  onopen: (() => void) | null = null
  onmessage: ((e: { data: unknown }) => void) | null = null
  onclose: ((e: { code: number }) => void) | null = null
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
  close(code = 1005) {
    if (this.readyState === 3) return
    this.readyState = 3
    this.onclose?.({ code })
  }
  /** A frame exactly as the server makes it (server/realtime/frame.ts: zlib deflateSync of the JSON). */
  receive(frame: unknown) {
    const bytes = deflateSync(JSON.stringify(frame))
    this.onmessage?.({ data: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) })
  }
}

const last = () => FakeSocket.all.at(-1)!

describe('LiveSocket', () => {
  beforeEach(() => {
    FakeSocket.all = []
    vi.useFakeTimers()
  })
  afterEach(() => vi.useRealTimers())

  const start = (token: string | null = 'tok', onMessage = vi.fn(), onVisible = vi.fn(), onSessionEnded = vi.fn()) => {
    const socket = new LiveSocket({
      url: 'ws://x/ws',
      getToken: () => token,
      onMessage,
      onVisible,
      onSessionEnded,
      createSocket: () => new FakeSocket() as never,
    })
    socket.start()
    return { socket, onMessage, onVisible, onSessionEnded }
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

  it('pings every 5 s and closes when no pong comes within 5 s', async () => {
    const { socket } = start()
    const ws = last()
    ws.open()
    vi.advanceTimersByTime(5000)
    expect(JSON.parse(ws.sent.at(-1)!)).toEqual({ type: 'ping' })
    ws.receive({ messageType: 'pong', data: { time: 1 } })
    await socket.drained()
    vi.advanceTimersByTime(4999)
    expect(ws.readyState).toBe(1)
    vi.advanceTimersByTime(1) // second ping at 10 s, no answer this time
    vi.advanceTimersByTime(5000)
    expect(ws.readyState).toBe(3)
  })

  it('delivers inflated frames to the app in the order they came, but not pongs', async () => {
    const { socket, onMessage } = start()
    last().open()
    last().receive({ messageType: 'ticker', data: Array.from({ length: 2000 }, (_, i) => ({ symbol: `S${i}` })) })
    last().receive({ messageType: 'new_message', data: { id: 1 } })
    last().receive({ messageType: 'pong', data: { time: 1 } })
    await socket.drained()
    expect(onMessage.mock.calls.map(([f]) => (f as { messageType: string }).messageType)).toEqual(['ticker', 'new_message'])
    expect(onMessage).toHaveBeenLastCalledWith({ messageType: 'new_message', data: { id: 1 } })
  })

  it('reports a session the server ended (close 4001) with the token it had bound, once', () => {
    const { onSessionEnded } = start('revoked-token')
    last().open()
    last().close(4001)
    expect(onSessionEnded).toHaveBeenCalledExactlyOnceWith('revoked-token')
    vi.advanceTimersByTime(500)
    last().open()
    last().close(1006) // an ordinary drop is not a sign-out
    expect(onSessionEnded).toHaveBeenCalledTimes(1)
  })

  it('reports a token the server answers as ended (revoked before the socket opened), but not a failed check', async () => {
    const { socket, onSessionEnded } = start('revoked-token')
    last().open()
    last().receive({ messageType: 'bound', data: { ok: false } }) // the server could not check: not a sign-out
    await socket.drained()
    expect(onSessionEnded).not.toHaveBeenCalled()
    socket.bind()
    last().receive({ messageType: 'bound', data: { ok: false, ended: true } })
    await socket.drained()
    expect(onSessionEnded).toHaveBeenCalledExactlyOnceWith('revoked-token')
  })

  it('ignores an ended answer to an older bind while a newer token is being bound', async () => {
    let token = 'old-token'
    const onSessionEnded = vi.fn()
    const socket = new LiveSocket({ url: 'ws://x/ws', getToken: () => token, onMessage: vi.fn(), onSessionEnded, createSocket: () => new FakeSocket() as never })
    socket.start()
    last().open() // binds old-token
    token = 'new-token'
    socket.bind()
    last().receive({ messageType: 'bound', data: { ok: false, ended: true } }) // the answer to old-token
    await socket.drained()
    expect(onSessionEnded).not.toHaveBeenCalled()
  })

  it('does not report a 4001 for a socket that had no session bound', () => {
    const { onSessionEnded } = start(null)
    last().open()
    last().close(4001)
    expect(onSessionEnded).not.toHaveBeenCalled()
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
  it('reads the zlib frames the server makes, large ones too, and rejects garbage', async () => {
    const big = { messageType: 'ticker', data: Array.from({ length: 3000 }, (_, i) => ({ symbol: `S${i}`, bid: '1.2345' })) }
    expect(await inflateFrame(deflateSync(JSON.stringify(big)))).toEqual(big)
    expect(await inflateFrame(new Uint8Array([1, 2, 3]))).toBeNull()
    expect(await inflateFrame(deflateSync('{"no":"type"}'))).toBeNull()
  })
})
