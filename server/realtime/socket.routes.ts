// The live socket /ws (docs/api.md, "The socket /ws"). The client sends JSON text; every server frame is binary deflate.
// Invalid client messages are ignored; a socket that sends no valid message within socketIdleMs is closed, which
// the app's 5 s heartbeat keeps from happening to a healthy connection. A bound session is re-checked: its expiry on
// every ping, its revocation at once through the bus (hub.ts) and, should a bus message be lost, every
// SESSION_RECHECK_MS against the database.
import { performance } from 'node:perf_hooks'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { RawData, WebSocket } from 'ws'
import { ClientMessage, SOCKET_CLOSE, SOCKET_MESSAGE_BURST, SOCKET_MESSAGES_PER_SECOND } from '#contract/socket.ts'
import { sessionForToken, tokensIssuedAfter } from '../plugins/auth.ts'
import { sendEnvelope } from '../plugins/errors.ts'
import { liveSessionIds } from '../modules/auth/users.repository.ts'
import type { SocketClient } from './hub.ts'

/** Client messages are tiny; anything bigger is not one of ours. */
export const SOCKET_MAX_PAYLOAD = 4096
/** The safety net behind the bus: one query per process for all its bound sockets. */
export const SESSION_RECHECK_MS = 30_000
/** Sessions per query of the re-check. */
const RECHECK_CHUNK = 1000

function parseClientMessage(raw: RawData, isBinary: boolean): ClientMessage | null {
  if (isBinary) return null
  try {
    const result = ClientMessage.safeParse(JSON.parse(raw.toString()))
    return result.success ? result.data : null
  } catch {
    return null
  }
}

/**
 * A browser always sends Origin with a socket handshake; only this app's own pages (the host the request was sent
 * to) and CORS_ORIGINS may open one, so another site cannot open a socket in a visitor's browser. A handshake
 * without Origin comes from something that is not a browser (the bench, the tests, a monitoring probe): it is let
 * in, because such a client could send any Origin it liked, and it can only bind a token it already holds.
 */
export function isAllowedOrigin(origin: string | undefined, host: string, corsOrigins: readonly string[]): boolean {
  if (origin === undefined) return true
  if (corsOrigins.includes(origin)) return true
  try {
    return new URL(origin).host === host
  } catch {
    return false // "null" (a sandboxed frame, a file) and garbage
  }
}

/** A token bucket: SOCKET_MESSAGE_BURST at once, SOCKET_MESSAGES_PER_SECOND after. False once it is empty. */
export function messageBudget(clock: () => number = () => performance.now()) {
  let tokens = SOCKET_MESSAGE_BURST
  let last = clock()
  return () => {
    const now = clock()
    tokens = Math.min(SOCKET_MESSAGE_BURST, tokens + ((now - last) / 1000) * SOCKET_MESSAGES_PER_SECOND)
    last = now
    if (tokens < 1) return false
    tokens -= 1
    return true
  }
}

/** Closes every bound socket of this process whose session has ended without the bus saying so. */
export async function recheckSessions(app: FastifyInstance): Promise<number> {
  const bound = [...app.hub.clients].filter((c) => c.sessionId !== null)
  const live = new Set<string>()
  const ids = [...new Set(bound.map((c) => c.sessionId!))]
  for (let i = 0; i < ids.length; i += RECHECK_CHUNK) {
    for (const id of await liveSessionIds(app.db, ids.slice(i, i + RECHECK_CHUNK), tokensIssuedAfter(app))) live.add(id)
  }
  let ended = 0
  for (const client of bound) {
    if (client.sessionId === null || live.has(client.sessionId)) continue
    app.hub.endSession(client)
    ended++
  }
  return ended
}

export function registerSocketRoutes(app: FastifyInstance) {
  const { hub } = app

  const hasExpired = (client: SocketClient) =>
    client.sessionCreatedAt !== null && client.sessionCreatedAt <= tokensIssuedAfter(app).getTime()

  async function bind(client: SocketClient, token: string) {
    let ok = false
    try {
      const cache = app.sessionCache
      const revision = cache.revision()
      let session = await sessionForToken(app.db, token, tokensIssuedAfter(app), cache)
      // A revocation that arrived while the database was read may have missed this socket: read again after it.
      if (session && cache.revision() !== revision) session = await sessionForToken(app.db, token, tokensIssuedAfter(app), cache)
      Object.assign(client, {
        userId: session?.user.id ?? null,
        sessionId: session?.user.sessionId ?? null,
        sessionCreatedAt: session?.sessionCreatedAt ?? null,
      })
      ok = session !== null
    } catch (error) {
      app.log.error({ err: error }, 'bind_user failed')
    }
    hub.reply(client, { messageType: 'bound', data: { ok } })
    hub.sendLastTickers(client)
  }

  const wsHandler = (socket: WebSocket) => {
    const client = hub.add(socket)
    const idle = setTimeout(() => socket.close(SOCKET_CLOSE.idle, 'idle'), app.conf.socketIdleMs)
    const withinBudget = messageBudget()
    let closing = false

    socket.on('message', (raw, isBinary) => {
      if (closing) return
      if (!withinBudget()) {
        closing = true
        socket.close(SOCKET_CLOSE.rateLimited, 'too many messages')
        return
      }
      const message = parseClientMessage(raw, isBinary)
      if (!message) return
      idle.refresh()
      if (message.type === 'bind_user') return void bind(client, message.token)
      if (hasExpired(client)) return hub.endSession(client)
      hub.reply(client, { messageType: 'pong', data: { time: app.now() } })
    })
    socket.on('close', () => {
      clearTimeout(idle)
      hub.remove(client)
    })
    socket.on('error', (error) => app.log.warn({ err: error }, 'socket error'))
    // Prices are public: a visitor without a token sees them too.
    hub.sendLastTickers(client)
  }

  const checkOrigin = async (request: FastifyRequest, reply: FastifyReply) => {
    if (isAllowedOrigin(request.headers.origin, request.host, app.conf.corsOrigins)) return
    request.log.info({ origin: request.headers.origin }, 'socket refused: foreign origin')
    return sendEnvelope(reply, app.translate, 403, 'forbidden')
  }

  app.route({
    method: 'GET',
    url: '/ws',
    onRequest: checkOrigin,
    // A plain HTTP request to the socket's path: not found, in the envelope like every other refusal.
    handler: (_request, reply) => sendEnvelope(reply, app.translate, 404, 'notFound'),
    wsHandler,
  })

  const recheck = setInterval(() => {
    recheckSessions(app).catch((error: unknown) => app.log.warn({ err: error }, 'socket session re-check failed'))
  }, SESSION_RECHECK_MS)
  recheck.unref()
  app.addHook('onClose', async () => clearInterval(recheck))
}
