// The live socket /ws (DESIGN.md section 7). The client sends JSON text; every server frame is binary deflate.
// Invalid client messages are ignored; a socket that sends no valid message within socketIdleMs is closed, which
// the app's 5 s heartbeat keeps from happening to a healthy connection.
import type { FastifyInstance } from 'fastify'
import type { RawData, WebSocket } from 'ws'
import { ClientMessage } from '#contract/socket.ts'
import { tokensIssuedAfter, userForToken } from '../plugins/auth.ts'
import { sendEnvelope } from '../plugins/errors.ts'
import type { SocketClient } from './hub.ts'

/** Client messages are tiny; anything bigger is not one of ours. */
export const SOCKET_MAX_PAYLOAD = 4096

function parseClientMessage(raw: RawData, isBinary: boolean): ClientMessage | null {
  if (isBinary) return null
  try {
    const result = ClientMessage.safeParse(JSON.parse(raw.toString()))
    return result.success ? result.data : null
  } catch {
    return null
  }
}

export function registerSocketRoutes(app: FastifyInstance) {
  const { hub } = app

  async function bind(client: SocketClient, token: string) {
    let ok = false
    try {
      const user = await userForToken(app.db, token, tokensIssuedAfter(app))
      if (user) Object.assign(client, { userId: user.id, sessionId: user.sessionId })
      ok = Boolean(user)
    } catch (error) {
      app.log.error({ err: error }, 'bind_user failed')
    }
    hub.reply(client, { messageType: 'bound', data: { ok } })
    hub.sendLastTickers(client)
  }

  const wsHandler = (socket: WebSocket) => {
    const client = hub.add(socket)
    const idle = setTimeout(() => socket.close(4000, 'idle'), app.conf.socketIdleMs)

    socket.on('message', (raw, isBinary) => {
      const message = parseClientMessage(raw, isBinary)
      if (!message) return
      idle.refresh()
      if (message.type === 'ping') hub.reply(client, { messageType: 'pong', data: { time: app.now() } })
      else void bind(client, message.token)
    })
    socket.on('close', () => {
      clearTimeout(idle)
      hub.remove(client)
    })
    socket.on('error', (error) => app.log.warn({ err: error }, 'socket error'))
    // Prices are public: a visitor without a token sees them too.
    hub.sendLastTickers(client)
  }

  app.route({
    method: 'GET',
    url: '/ws',
    // A plain HTTP request to the socket's path: not found, in the envelope like every other refusal.
    handler: (_request, reply) => sendEnvelope(reply, app.translate, 404, 'notFound'),
    wsHandler,
  })
}
