// The sockets of this process. Everything a socket receives arrives through the bus, so a process sends only what
// any process published. Each bus message is deflated once here and the same Buffer goes to every recipient;
// ticker batches become at most one frame per tickerGapMs (ticker-frames.ts), whatever number of them arrive.
import * as z from 'zod/mini'
import type { WebSocket } from 'ws'
import { SOCKET_CLOSE, Ticker, type ServerMessage } from '#contract/socket.ts'
import type { Bus } from './bus.ts'
import { encodeFrame, messageJson, sendFrame, storedFrame, toFrame, type Frame } from './frame.ts'
import { createTickerFrames } from './ticker-frames.ts'

export type SocketClient = {
  socket: WebSocket
  userId: string | null
  sessionId: string | null
  /** When the bound session began (epoch ms): the socket checks the session's expiry without the database. */
  sessionCreatedAt: number | null
  /**
   * A support operator's socket (bind_operator): gets publishToOperators' messages until its session is signed out
   * (operatorRevoked, at once on every process) or found expired or stripped of the role (rechecked now and then).
   */
  operator: { token: string; sessionId: string; checkedAt: number } | null
}

/** On the 'user' channel, in batches. */
type UserMessage = { userId: string; message: ServerMessage }

/** On the 'session' channel: sessions that ended (users' or operators'), or a user whose cached details changed. */
export type SessionEvent = { revoked: string[] } | { operatorRevoked: string[] } | { userChanged: string }

// A client this far behind skips ticks (the next batch replaces them); further behind, it is cut off and reconnects.
const SKIP_TICKS_BUFFERED = 1024 * 1024
const TERMINATE_BUFFERED = 8 * 1024 * 1024

type Log = { warn: (obj: object, msg: string) => void }

/** Sockets get at most this many ticker frames per second (5): a 250 ms tick is never held back. */
export const TICKER_GAP_MS = 200

export type HubOptions = {
  /** The deflate of a message; tests count the calls. */
  encode?: (json: string) => Buffer
  tickerGapMs?: number
}

const TickerBatch = z.object({ data: z.array(Ticker) })

function parseSessionEvent(payload: string): SessionEvent {
  const event = JSON.parse(payload) as Record<string, unknown> | null
  if (Array.isArray(event?.revoked) && event.revoked.every((id) => typeof id === 'string')) return { revoked: event.revoked }
  const operatorRevoked = event?.operatorRevoked
  if (Array.isArray(operatorRevoked) && operatorRevoked.every((id) => typeof id === 'string')) return { operatorRevoked }
  if (typeof event?.userChanged === 'string') return { userChanged: event.userChanged }
  throw new Error('not a session event')
}

export function createHub(bus: Bus, log: Log, { encode = encodeFrame, tickerGapMs = TICKER_GAP_MS }: HubOptions = {}) {
  const clients = new Set<SocketClient>()
  /** Deflates done (one per broadcast, not per socket) and messages written to sockets. */
  const stats = { framesEncoded: 0, framesSent: 0 }

  const frame = (json: string): Frame => {
    stats.framesEncoded++
    return toFrame(encode(json))
  }

  // Called for every socket of every frame: no allocation, one write (frame.ts).
  const send = (client: SocketClient, data: Frame, isTicker = false) => {
    const { socket } = client
    if (socket.readyState !== socket.OPEN) return
    if (socket.bufferedAmount > TERMINATE_BUFFERED) return socket.terminate()
    if (isTicker && socket.bufferedAmount > SKIP_TICKS_BUFFERED) return
    stats.framesSent++
    sendFrame(socket, data)
  }

  const tickers = createTickerFrames(tickerGapMs, (batch) => {
    try {
      const data = frame(messageJson({ messageType: 'ticker', data: batch }))
      for (const client of clients) send(client, data, true)
    } catch (error) {
      // A merged frame goes out from a timer, outside the bus handler's guard.
      log.warn({ err: error }, 'ticker frame not sent')
    }
  })
  /** The whole book for a socket that just opened, encoded once per change of the book. */
  let bookFrame: { revision: number; frame: Frame } | null = null
  const currentBookFrame = () => {
    if (bookFrame?.revision !== tickers.revision()) {
      bookFrame = { revision: tickers.revision(), frame: frame(messageJson({ messageType: 'ticker', data: tickers.book() })) }
    }
    return bookFrame.frame
  }

  const onBus = (what: string, handler: (payload: string) => void) => (payload: string) => {
    try {
      handler(payload)
    } catch (error) {
      // A malformed bus message (another version, a stray publisher) must not take the process down.
      log.warn({ err: error, what }, 'bus message dropped')
    }
  }

  const sessionListeners: Array<(event: SessionEvent) => void> = []
  const bookListeners = new Set<(userId: string, book: 'demo' | 'live') => void>()
  const tickerListeners: Array<(batch: Ticker[]) => void> = []
  /** Runs on the process that made the change at once, and again (harmlessly) when the bus echoes it. */
  function applySessionEvent(event: SessionEvent) {
    for (const listener of sessionListeners) listener(event)
    if ('operatorRevoked' in event) {
      const signedOut = new Set(event.operatorRevoked)
      for (const client of clients) if (client.operator !== null && signedOut.has(client.operator.sessionId)) client.operator = null
      return
    }
    if (!('revoked' in event)) return
    const ended = new Set(event.revoked)
    for (const client of clients) {
      if (client.sessionId === null || !ended.has(client.sessionId)) continue
      endSession(client)
    }
  }
  async function publishSessionEvent(event: SessionEvent) {
    applySessionEvent(event)
    await bus.publish('session', JSON.stringify(event))
  }
  /** The session's events stop at once; the socket closes, and the app reconnects as a visitor or signs again. */
  function endSession(client: SocketClient) {
    Object.assign(client, { userId: null, sessionId: null, sessionCreatedAt: null })
    client.socket.close(SOCKET_CLOSE.sessionEnded, 'session ended')
  }

  // Users' messages published in the same tick go out as one bus message: under load every order sends its owner
  // two (order_update, balance_update), and one publish each cost a Redis write and a read per message on every
  // process. Each caller's promise settles with the publish that carried its message.
  let waiting: UserMessage[] = []
  let flush: Promise<void> | null = null
  function publishToUser(userId: string, message: ServerMessage): Promise<void> {
    waiting.push({ userId, message })
    flush ??= Promise.resolve().then(() => {
      const batch = waiting
      waiting = []
      flush = null
      return bus.publish('user', JSON.stringify(batch))
    })
    return flush
  }

  const ready = Promise.all([
    bus.subscribe('ticker', onBus('ticker', (payload) => {
      const { data } = TickerBatch.parse(JSON.parse(payload))
      tickers.take(data)
      for (const listener of tickerListeners) listener(data)
    })),
    bus.subscribe('broadcast', onBus('broadcast', (payload) => {
      const data = frame(payload)
      for (const client of clients) send(client, data)
    })),
    bus.subscribe('user', onBus('user', (payload) => {
      const batch = JSON.parse(payload) as UserMessage[]
      if (!Array.isArray(batch)) throw new Error('not a batch of user messages')
      // Each user's messages in the order published, then one pass over the sockets for the whole batch.
      const byUser = new Map<string, ServerMessage[]>()
      for (const { userId, message } of batch) {
        const messages = byUser.get(userId)
        if (messages) messages.push(message)
        else byUser.set(userId, [message])
      }
      // Every posting that changes a user's book sends its owner balance_update (ledger/notify.ts): on every process,
      // that is the book_changed the order engine keeps its accounts current with.
      for (const { userId, message } of batch) {
        if (message.messageType !== 'balance_update') continue
        const book = (message.data as { book?: unknown } | null)?.book
        if (book === 'demo' || book === 'live') for (const listener of bookListeners) listener(userId, book)
      }
      const frames = new Map<string, Frame[]>()
      for (const client of clients) {
        const messages = client.userId === null ? undefined : byUser.get(client.userId)
        if (!messages) continue
        let data = frames.get(client.userId!)
        if (!data) frames.set(client.userId!, (data = messages.map((message) => frame(messageJson(message)))))
        for (const one of data) send(client, one)
      }
    })),
    bus.subscribe('ops', onBus('ops', (payload) => {
      const data = frame(payload)
      for (const client of clients) if (client.operator !== null) send(client, data)
    })),
    bus.subscribe('session', onBus('session', (payload) => applySessionEvent(parseSessionEvent(payload)))),
  ])

  return {
    ready,
    stats,
    clients,
    /** The last quote of every symbol heard (a batch may carry only some), or null before the first. */
    lastTickers: (): Ticker[] | null => (tickers.revision() === 0 ? null : tickers.book()),
    add(socket: WebSocket): SocketClient {
      const client = { socket, userId: null, sessionId: null, sessionCreatedAt: null, operator: null }
      clients.add(client)
      return client
    },
    remove: (client: SocketClient) => clients.delete(client),
    /** A reply to one socket (pong, bound): a few bytes, stored rather than deflated (frame.ts). */
    reply: (client: SocketClient, message: ServerMessage) => send(client, toFrame(storedFrame(messageJson(message)))),
    sendLastTickers(client: SocketClient) {
      if (tickers.revision() > 0) send(client, currentBookFrame(), true)
    },
    publishTickers: (data: Ticker[]) => bus.publish('ticker', messageJson({ messageType: 'ticker', data })),
    broadcast: (message: ServerMessage) => bus.publish('broadcast', messageJson(message)),
    /** support_message for every support operator's socket (the console), on whichever process it is. */
    publishToOperators: (message: ServerMessage) => bus.publish('ops', messageJson(message)),
    /** new_message, balance_update ... for every socket of one user, on whichever process it is. */
    publishToUser,
    /** After sign-out the session's sockets close and its cached token is forgotten, on every process. */
    revokeSession: (sessionId: string) => publishSessionEvent({ revoked: [sessionId] }),
    revokeSessions: (sessionIds: string[]) => (sessionIds.length > 0 ? publishSessionEvent({ revoked: sessionIds }) : Promise.resolve()),
    /** After an operator's sign-out its sockets get no more chat messages, on every process (the socket stays open). */
    revokeOperatorSession: (sessionId: string) => publishSessionEvent({ operatorRevoked: [sessionId] }),
    /** The user's stored details changed (the book switch): every process forgets its cached copy. */
    userChanged: (userId: string) => publishSessionEvent({ userChanged: userId }),
    /**
     * Every ticker batch heard on the bus (this process's own included), as it came. The sockets got it already, or
     * get it merged into the next frame within tickerGapMs.
     */
    onTickers: (listener: (batch: Ticker[]) => void) => void tickerListeners.push(listener),
    onSessionEvent: (listener: (event: SessionEvent) => void) => void sessionListeners.push(listener),
    /** A posting changed a user's book, on whichever process it was made (heard from the bus, this process's too). */
    onBookChanged(listener: (userId: string, book: 'demo' | 'live') => void): () => void {
      bookListeners.add(listener)
      return () => void bookListeners.delete(listener)
    },
    endSession,
  }
}

export type Hub = ReturnType<typeof createHub>
