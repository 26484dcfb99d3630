// The sockets of this process. Everything a socket receives arrives through the bus, so a process sends only what
// any process published. Each bus message is deflated once here and the same Buffer goes to every recipient.
import type { WebSocket } from 'ws'
import type { ServerMessage, Ticker } from '#contract/socket.ts'
import type { Bus } from './bus.ts'
import { encodeFrame, messageJson } from './frame.ts'

export type SocketClient = { socket: WebSocket; userId: string | null; sessionId: string | null }

// A client this far behind skips ticks (the next batch replaces them); further behind, it is cut off and reconnects.
const SKIP_TICKS_BUFFERED = 1024 * 1024
const TERMINATE_BUFFERED = 8 * 1024 * 1024

type Log = { warn: (obj: object, msg: string) => void }

export function createHub(bus: Bus, log: Log, encode: (json: string) => Buffer = encodeFrame) {
  const clients = new Set<SocketClient>()
  const stats = { framesEncoded: 0, framesSent: 0 }
  let lastTickers: Ticker[] | null = null
  let lastTickerFrame: Buffer | null = null

  const frame = (json: string) => {
    stats.framesEncoded++
    return encode(json)
  }

  const send = (client: SocketClient, data: Buffer, isTicker = false) => {
    const { socket } = client
    if (socket.readyState !== socket.OPEN) return
    if (socket.bufferedAmount > TERMINATE_BUFFERED) return socket.terminate()
    if (isTicker && socket.bufferedAmount > SKIP_TICKS_BUFFERED) return
    stats.framesSent++
    socket.send(data, { binary: true })
  }

  const onBus = (what: string, handler: (payload: string) => void) => (payload: string) => {
    try {
      handler(payload)
    } catch (error) {
      // A malformed bus message (another version, a stray publisher) must not take the process down.
      log.warn({ err: error, what }, 'bus message dropped')
    }
  }

  const ready = Promise.all([
    bus.subscribe('ticker', onBus('ticker', (payload) => {
      lastTickers = (JSON.parse(payload) as { data: Ticker[] }).data
      lastTickerFrame = frame(payload)
      for (const client of clients) send(client, lastTickerFrame, true)
    })),
    bus.subscribe('broadcast', onBus('broadcast', (payload) => {
      const data = frame(payload)
      for (const client of clients) send(client, data)
    })),
    bus.subscribe('user', onBus('user', (payload) => {
      const { userId, message } = JSON.parse(payload) as { userId: string; message: ServerMessage }
      let data: Buffer | null = null
      for (const client of clients) {
        if (client.userId !== userId) continue
        data ??= frame(messageJson(message))
        send(client, data)
      }
    })),
    bus.subscribe('session', onBus('session', (sessionId) => {
      for (const client of clients) {
        if (client.sessionId === sessionId) Object.assign(client, { userId: null, sessionId: null })
      }
    })),
  ])

  return {
    ready,
    stats,
    clients,
    lastTickers: () => lastTickers,
    add(socket: WebSocket): SocketClient {
      const client = { socket, userId: null, sessionId: null }
      clients.add(client)
      return client
    },
    remove: (client: SocketClient) => clients.delete(client),
    /** A reply to one socket (pong, bound): encoded for it alone. */
    reply: (client: SocketClient, message: ServerMessage) => send(client, frame(messageJson(message))),
    sendLastTickers(client: SocketClient) {
      if (lastTickerFrame) send(client, lastTickerFrame, true)
    },
    publishTickers: (data: Ticker[]) => bus.publish('ticker', messageJson({ messageType: 'ticker', data })),
    broadcast: (message: ServerMessage) => bus.publish('broadcast', messageJson(message)),
    /** new_message, balance_update ... for every socket of one user, on whichever process it is. */
    publishToUser: (userId: string, message: ServerMessage) =>
      bus.publish('user', JSON.stringify({ userId, message })),
    /** After sign-out the session's sockets stop receiving the user's events. */
    revokeSession: (sessionId: string) => bus.publish('session', sessionId),
  }
}

export type Hub = ReturnType<typeof createHub>
