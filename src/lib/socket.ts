// The live socket client (docs/api.md, "The socket /ws"). After connecting it binds the user's token, pings every 5 s and
// closes when a pong does not come within 5 s; it reconnects after 500 ms x attempts, and retries sends on the same
// schedule. Frames are zlib deflate of JSON { messageType, data } (server/realtime/frame.ts: node's deflateSync),
// inflated with the browser's own DecompressionStream('deflate'), which reads exactly that zlib format: no
// inflate library in the bundle. A close with 4001 means the server revoked the bound session.
import {
  SOCKET_CLOSE,
  SOCKET_HEARTBEAT_MS,
  SOCKET_RETRY_STEP_MS,
  SOCKET_VISIBLE_CHECK_MS,
  type ClientMessage,
} from '#contract/socket.ts'

export type SocketFrame = { messageType: string; data: unknown }

type Timers = { set: (fn: () => void, ms: number) => unknown; clear: (id: unknown) => void }

export type SocketOptions = {
  url: string
  getToken: () => string | null
  /** What the token is: a user's (the app, the default) or an operator's (the console's support chat). */
  bindAs?: 'bind_user' | 'bind_operator'
  onMessage: (frame: SocketFrame) => void
  onStatus?: (status: 'connecting' | 'open' | 'closed') => void
  /** The server answered a bind: true once the user's own events (messages, orders, balances) will arrive. */
  onBound?: (ok: boolean) => void
  /** Called when the tab became visible again and the connection was checked (refresh limit orders). */
  onVisible?: () => void
  /**
   * The bound token was revoked or expired: the server closed the socket (4001), or answered a bind with
   * `ended` (the token was already dead when the socket opened); gets that token.
   */
  onSessionEnded?: (token: string) => void
  createSocket?: (url: string) => WebSocket
  timers?: Timers
}

export const retryDelay = (attempt: number) => SOCKET_RETRY_STEP_MS * attempt

export async function inflateFrame(bytes: Uint8Array): Promise<SocketFrame | null> {
  try {
    const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream('deflate'))
    const frame = JSON.parse(await new Response(stream).text()) as SocketFrame
    return typeof frame?.messageType === 'string' ? frame : null
  } catch {
    return null
  }
}

/** The live socket's address: VITE_WS_URL, else /ws on this origin. */
export function socketUrl(): string {
  if (import.meta.env.VITE_WS_URL) return import.meta.env.VITE_WS_URL
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`
}

export class LiveSocket {
  private ws: WebSocket | null = null
  private attempts = 0
  private stopped = true
  private heartbeat: unknown = null
  private pongDeadline: unknown = null
  private reconnectTimer: unknown = null
  /** The token sent in the last bind, so a 4001 names the session it ended. */
  private boundToken: string | null = null
  /** Binds sent and not yet answered: an `ended` answer counts only when it can be the last bind's. */
  private bindsInFlight = 0
  /** Inflating is asynchronous; frames are handed on in the order they arrived. */
  private inbox: Promise<void> = Promise.resolve()
  private readonly options: SocketOptions
  private readonly timers: Timers

  constructor(options: SocketOptions) {
    this.options = options
    this.timers = options.timers ?? { set: (fn, ms) => setTimeout(fn, ms), clear: (id) => clearTimeout(id as number) }
  }

  /** Settles once every frame received so far has been handed on (tests wait on it). */
  drained(): Promise<void> {
    return this.inbox
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
    if (token && this.isOpen) {
      this.boundToken = token
      this.bindsInFlight += 1
      this.send({ type: this.options.bindAs ?? 'bind_user', token })
    }
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
      this.bindsInFlight = 0
      this.options.onStatus?.('open')
      this.bind()
      this.scheduleHeartbeat()
    }
    ws.onmessage = (event: MessageEvent) => {
      if (typeof event.data === 'string') return // the server only sends binary frames
      const bytes = new Uint8Array(event.data as ArrayBuffer)
      this.inbox = this.inbox.then(async () => {
        const frame = await inflateFrame(bytes)
        if (!frame || this.ws !== ws) return
        if (frame.messageType === 'pong') {
          this.timers.clear(this.pongDeadline)
          this.pongDeadline = null
          return
        }
        if (frame.messageType === 'bound') {
          this.bindsInFlight = Math.max(0, this.bindsInFlight - 1)
          const token = this.boundToken
          const answer = frame.data as { ok?: boolean; ended?: boolean } | null
          if (this.bindsInFlight === 0) this.options.onBound?.(answer?.ok === true)
          if (answer?.ended === true && this.bindsInFlight === 0 && token) {
            this.boundToken = null
            this.options.onSessionEnded?.(token)
          }
        }
        this.options.onMessage(frame)
      })
    }
    ws.onclose = (event?: CloseEvent) => {
      if (this.ws !== ws) return
      const bound = this.boundToken
      this.boundToken = null
      if (event?.code === SOCKET_CLOSE.sessionEnded && bound) this.options.onSessionEnded?.(bound)
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
