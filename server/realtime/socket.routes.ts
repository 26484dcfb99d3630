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
import { operatorForToken } from '../modules/ops/operators.ts'
import { mayCall } from '#contract/ops.ts'
import { SUPPORT_AGENTS } from '#contract/ops-support.ts'
import type { SocketClient } from './hub.ts'
import { createSocketPlaces, type SocketPlacesShared } from './socket-places.ts'

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
 * A browser always sends Origin with a socket handshake; only the configured origins (PUBLIC_URL's and
 * CORS_ORIGINS) may open one, so another site cannot open a socket in a visitor's browser. The Host header proves
 * nothing: a site whose name an attacker points at this server (DNS rebinding) sends a matching Host and Origin. Only
 * when no public origin is configured (the zero-setup local run) is the page's own host let in, and then only a
 * loopback name or an IP address, which no DNS answer can rebind. A handshake without Origin comes from something
 * that is not a browser (the bench, the tests, a monitoring probe): it is let in, because such a client could send
 * any Origin it liked, and it can only bind a token it already holds.
 */
export function isAllowedOrigin(origin: string | undefined, host: string, configured: { publicOrigin?: string; corsOrigins: readonly string[] }): boolean {
  if (origin === undefined) return true
  if (origin === configured.publicOrigin || configured.corsOrigins.includes(origin)) return true
  if (configured.publicOrigin !== undefined) return false
  try {
    const url = new URL(origin)
    return url.host === host && isUnrebindable(url.hostname)
  } catch {
    return false // "null" (a sandboxed frame, a file) and garbage
  }
}

const isUnrebindable = (hostname: string) =>
  hostname === 'localhost' || /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname) || (hostname.startsWith('[') && hostname.endsWith(']'))

/** Connection errors a client causes by going away (a reset, a half-written frame). */
const CLIENT_NETWORK_ERRORS = new Set(['ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ECONNABORTED'])
const reportedSockets = new WeakSet<WebSocket>()

/**
 * @fastify/websocket's error handler. A malformed frame (ws's WS_ERR_* codes) or a dropped connection is the client's
 * doing and says nothing about the server: one info line per socket, so an anonymous client cannot fill the log with
 * errors. Anything else came from our handler and is an error. The socket is closed either way.
 */
export function socketErrorHandler(error: Error & { code?: string }, socket: WebSocket, request: FastifyRequest) {
  const code = error.code ?? ''
  const clientFault = code.startsWith('WS_ERR_') || CLIENT_NETWORK_ERRORS.has(code)
  if (!clientFault) request.log.error({ err: error }, 'socket handler failed')
  else if (!reportedSockets.has(socket)) {
    reportedSockets.add(socket)
    request.log.info({ ip: request.ip, code, reason: error.message }, 'socket closed: client fault')
  }
  socket.terminate()
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

const OPERATOR_RECHECK_MS = 30_000

/** `shared`: the Redis the deployment's processes count sockets per address on (socket-places.ts); none, this process's count. */
export function registerSocketRoutes(app: FastifyInstance, shared?: SocketPlacesShared) {
  const { hub } = app

  const hasExpired = (client: SocketClient) =>
    client.sessionCreatedAt !== null && client.sessionCreatedAt <= tokensIssuedAfter(app).getTime()

  async function bind(client: SocketClient, token: string) {
    let ok = false
    let ended = false
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
      ended = !ok
    } catch (error) {
      app.log.error({ err: error }, 'bind_user failed')
    }
    // A token that names no live session is over for good: the app signs out as on a 4001 close (docs/api.md).
    hub.reply(client, { messageType: 'bound', data: ended ? { ok, ended } : { ok } })
    hub.sendLastTickers(client)
  }

  /** A support operator's token (the console): its socket gets support_message for every conversation. */
  async function bindOperator(client: SocketClient, token: string) {
    let ok = false
    try {
      const operator = await operatorForToken(app.db, token, app.now())
      ok = operator !== null && mayCall(operator.roles, SUPPORT_AGENTS)
      client.operator = ok && operator ? { token, sessionId: operator.sessionId, checkedAt: app.now() } : null
    } catch (error) {
      app.log.error({ err: error }, 'bind_operator failed')
    }
    hub.reply(client, { messageType: 'bound', data: { ok } })
  }

  /** An operator's expiry or lost role stops the chat's messages within OPERATOR_RECHECK_MS (checked on its pings). */
  async function recheckOperator(client: SocketClient) {
    const bound = client.operator
    if (bound === null || app.now() - bound.checkedAt < OPERATOR_RECHECK_MS) return
    bound.checkedAt = app.now()
    const operator = await operatorForToken(app.db, bound.token, app.now()).catch(() => null)
    if (client.operator === bound && (operator === null || !mayCall(operator.roles, SUPPORT_AGENTS))) client.operator = null
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
      if (message.type === 'bind_operator') return void bindOperator(client, message.token)
      void recheckOperator(client)
      if (hasExpired(client)) return hub.endSession(client)
      hub.reply(client, { messageType: 'pong', data: { time: app.now() } })
    })
    socket.on('close', () => {
      clearTimeout(idle)
      hub.remove(client)
    })
    // Prices are public: a visitor without a token sees them too.
    hub.sendLastTickers(client)
  }

  const places = createSocketPlaces(app.conf.socketsPerAddress, shared)
  app.addHook('onClose', () => places.close())
  const checkHandshake = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!isAllowedOrigin(request.headers.origin, request.host, app.conf)) {
      request.log.info({ origin: request.headers.origin }, 'socket refused: foreign origin')
      return sendEnvelope(reply, app.translate, 403, 'forbidden')
    }
    // The place is held by the TCP connection, so a failed upgrade gives it back too.
    if (request.ws && !(await places.take(request.ip, request.raw.socket))) {
      request.log.info({ ip: request.ip }, 'socket refused: too many from this address')
      return sendEnvelope(reply, app.translate, 429, 'rateLimited')
    }
  }

  app.route({
    method: 'GET',
    url: '/ws',
    onRequest: checkHandshake,
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
