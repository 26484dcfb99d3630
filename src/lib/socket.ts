// The live socket client (DESIGN.md section 7). After connecting it binds the user's token, pings every 5 s and
// closes when a pong does not come within 5 s; it reconnects after 500 ms x attempts, and retries sends on the same
// schedule. Frames are zlib deflate of JSON { messageType, data }, inflated with pako in 16 384-byte chunks.
import { inflate } from 'pako'
import {
  SOCKET_HEARTBEAT_MS,
  SOCKET_INFLATE_CHUNK,
  SOCKET_RETRY_STEP_MS,
  SOCKET_VISIBLE_CHECK_MS,
  type ClientMessage,
} from '#contract/socket.ts'

export type SocketFrame = { messageType: string; data: unknown }

type Timers = { set: (fn: () => void, ms: number) => unknown; clear: (id: unknown) => void }

export type SocketOptions = {
  url: string
  getToken: () => string | null
  onMessage: (frame: SocketFrame) => void
  onStatus?: (status: 'connecting' | 'open' | 'closed') => void
  /** Called when the tab became visible again and the connection was checked (refresh limit orders). */
  onVisible?: () => void
  createSocket?: (url: string) => WebSocket
  timers?: Timers
}

export const retryDelay = (attempt: number) => SOCKET_RETRY_STEP_MS * attempt

export function inflateFrame(bytes: Uint8Array): SocketFrame | null {
  try {
    const frame = JSON.parse(inflate(bytes, { chunkSize: SOCKET_INFLATE_CHUNK, toText: true })) as SocketFrame
    return typeof frame?.messageType === 'string' ? frame : null
  } catch {
    return null
  }
}

export class LiveSocket {
  private ws: WebSocket | null = null
  private attempts = 0
  private stopped = true
  private heartbeat: unknown = null
  private pongDeadline: unknown = null
  private reconnectTimer: unknown = null
  private readonly options: SocketOptions
  private readonly timers: Timers

  constructor(options: SocketOptions) {
    this.options = options
    this.timers = options.timers ?? { set: (fn, ms) => setTimeout(fn, ms), clear: (id) => clearTimeout(id as number) }
  }

  get isOpen() {
    return this.ws?.readyState === 1
  }

  start() {
    this.stopped = false
    this.connect()
  }

  stop() {
    this.stopped = true
    this.clearTimers()
    this.ws?.close()
    this.ws = null
  }

  /** Sends now if open; otherwise retries after 500 ms x attempts until it goes or the socket is stopped. */
  send(message: ClientMessage, attempt = 1) {
    if (this.stopped) return
    if (this.isOpen) {
      this.ws!.send(JSON.stringify(message))
      return
    }
    this.timers.set(() => this.send(message, attempt + 1), retryDelay(attempt))
  }

  /** Re-bind after sign-in or sign-out. */
  bind() {
    const token = this.options.getToken()
    if (token && this.isOpen) this.send({ type: 'bind_user', token })
  }

  /** The tab became visible: after 1 000 ms make sure the socket is alive, then tell the app to refresh. */
  handleVisible() {
    this.timers.set(() => {
      if (this.stopped) return
      if (!this.isOpen && this.ws?.readyState !== 0) this.reconnectNow()
      this.options.onVisible?.()
    }, SOCKET_VISIBLE_CHECK_MS)
  }

  private reconnectNow() {
    this.clearTimers()
    this.ws?.close()
    this.ws = null
    this.connect()
  }

  private connect() {
    this.options.onStatus?.('connecting')
    const ws = (this.options.createSocket ?? ((u) => new WebSocket(u)))(this.options.url)
    ws.binaryType = 'arraybuffer'
    this.ws = ws
    ws.onopen = () => {
      this.attempts = 0
      this.options.onStatus?.('open')
      this.bind()
      this.scheduleHeartbeat()
    }
    ws.onmessage = (event: MessageEvent) => {
      if (typeof event.data === 'string') return // the server only sends binary frames
      const frame = inflateFrame(new Uint8Array(event.data as ArrayBuffer))
      if (!frame) return
      if (frame.messageType === 'pong') {
        this.timers.clear(this.pongDeadline)
        this.pongDeadline = null
        return
      }
      this.options.onMessage(frame)
    }
    ws.onclose = () => {
      if (this.ws !== ws) return
      this.clearTimers()
      this.ws = null
      this.options.onStatus?.('closed')
      if (this.stopped) return
      this.attempts += 1
      this.reconnectTimer = this.timers.set(() => this.connect(), retryDelay(this.attempts))
    }
    ws.onerror = () => ws.close()
  }

  private scheduleHeartbeat() {
    this.heartbeat = this.timers.set(() => {
      if (!this.isOpen) return
      this.ws!.send(JSON.stringify({ type: 'ping' } satisfies ClientMessage))
      this.pongDeadline = this.timers.set(() => this.ws?.close(), SOCKET_HEARTBEAT_MS)
      this.scheduleHeartbeat()
    }, SOCKET_HEARTBEAT_MS)
  }

  private clearTimers() {
    for (const id of [this.heartbeat, this.pongDeadline, this.reconnectTimer]) if (id !== null) this.timers.clear(id)
    this.heartbeat = this.pongDeadline = this.reconnectTimer = null
  }
}
