// The e2e-only route, on an app built with E2E_TEST_HOOKS=1; and the push it makes over the socket.
import type { FastifyInstance } from 'fastify'
import { inflate } from 'pako'
import WebSocket from 'ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ServerMessage } from '#contract/socket.ts'
import { buildTestApp, call, signIn } from '../../test/helpers.ts'
import { testHooksEnabled } from './test-hooks.routes.ts'

let app: FastifyInstance
let url: string
beforeAll(async () => {
  process.env.E2E_TEST_HOOKS = '1'
  app = await buildTestApp()
  delete process.env.E2E_TEST_HOOKS
  url = `${(await app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws')}/ws`
})
afterAll(() => app?.close())

/** Resolves with the first new_message frame this socket receives. */
async function bound(token: string) {
  const socket = new WebSocket(url)
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject))
  const frames: ServerMessage[] = []
  const newMessage = new Promise<ServerMessage>((resolve) =>
    socket.on('message', (raw: Buffer) => {
      const message = ServerMessage.parse(JSON.parse(inflate(raw, { toText: true })))
      frames.push(message)
      if (message.messageType === 'new_message') resolve(message)
    }),
  )
  const isBound = new Promise<void>((resolve) => socket.on('message', () => frames.some((f) => f.messageType === 'bound') && resolve()))
  socket.send(JSON.stringify({ type: 'bind_user', token }))
  await isBound
  return { socket, newMessage }
}

describe('POST /api/test/sendMessage with E2E_TEST_HOOKS=1', () => {
  it('stores a message for the caller and pushes new_message to their socket only', async () => {
    const [alice, bob] = await Promise.all([signIn(app), signIn(app)])
    const alicesSocket = await bound(alice.token)
    const res = await call(app, 'POST', '/api/test/sendMessage', { token: alice.token, body: { title: 'Ping', body: 'Pong' } })
    expect(res.status).toBe(200)
    const pushed = await alicesSocket.newMessage
    expect(pushed).toEqual({ messageType: 'new_message', data: { id: (res.body.data as { id: string }).id, title: 'Ping' } })
    expect((await call(app, 'GET', '/api/getUnReadMessageNums', { token: alice.token })).body.data).toEqual({ count: 2 })
    expect((await call(app, 'GET', '/api/getUnReadMessageNums', { token: bob.token })).body.data).toEqual({ count: 1 })
    alicesSocket.socket.close()
  })

  it('answers 400 for an empty title and 401 without a token', async () => {
    const { token } = await signIn(app)
    expect((await call(app, 'POST', '/api/test/sendMessage', { token, body: { title: '', body: 'x' } })).status).toBe(400)
    expect((await call(app, 'POST', '/api/test/sendMessage', { body: { title: 'x', body: 'x' } })).status).toBe(401)
  })

  it('is never on in production', () => {
    expect(testHooksEnabled({ E2E_TEST_HOOKS: '1', NODE_ENV: 'production' })).toBe(false)
    expect(testHooksEnabled({ E2E_TEST_HOOKS: '1' })).toBe(true)
    expect(testHooksEnabled({})).toBe(false)
  })
})
