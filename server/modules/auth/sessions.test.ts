// A session's end reaches every place that trusted it: its token (cached per process) and its sockets, on this
// process and, through Redis, on the others.
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SOCKET_CLOSE } from '#contract/socket.ts'
import { recheckSessions } from '../../realtime/socket.routes.ts'
import { connect, socketUrl } from '../../realtime/test-client.ts'
import { buildTestApp, call, signIn } from '../../test/helpers.ts'
import { revokeSession } from './users.repository.ts'

const ttl = 60 * 60 * 1000
let clock = Date.now()
let app: FastifyInstance
let url: string
beforeAll(async () => {
  app = await buildTestApp({ now: () => clock, sessionTtlMs: ttl })
  url = socketUrl(await app.listen({ port: 0, host: '127.0.0.1' }))
})
afterAll(() => app?.close())

const info = (on: FastifyInstance, token: string) => call(on, 'GET', '/api/getMyAccountInfo', { token })

async function boundSocket(to: string, token: string) {
  const client = await connect(to)
  client.send({ type: 'bind_user', token })
  expect((await client.next('bound')).message.data).toEqual({ ok: true })
  return client
}

describe('ending a session', () => {
  it('closes its sockets within a second and refuses its token at once, even just after it was cached', async () => {
    const { token } = await signIn(app)
    const client = await boundSocket(url, token)
    expect((await info(app, token)).status).toBe(200)
    const started = performance.now()
    expect((await call(app, 'POST', '/api/login_out', { token })).status).toBe(200)
    expect((await info(app, token)).status).toBe(401)
    expect(await client.closed).toBe(SOCKET_CLOSE.sessionEnded)
    expect(performance.now() - started).toBeLessThan(1000)
  })

  it('closes a socket whose session expired at its next ping, without the database', async () => {
    const { token } = await signIn(app)
    const client = await boundSocket(url, token)
    clock += ttl + 1
    try {
      client.send({ type: 'ping' })
      expect(await client.closed).toBe(SOCKET_CLOSE.sessionEnded)
    } finally {
      clock -= ttl + 1
    }
  })

  it('is found by the periodic re-check when no event said so (a revocation outside the app)', async () => {
    const { token } = await signIn(app)
    const kept = await signIn(app)
    const [client, other] = await Promise.all([boundSocket(url, token), boundSocket(url, kept.token)])
    const { id } = (await info(app, token)).body.data as { id: string }
    const bound = [...app.hub.clients].find((c) => c.userId === id)!
    expect(await revokeSession(app.db, bound.sessionId!, new Date(clock))).toBe(true)
    expect(await recheckSessions(app)).toBe(1)
    expect(await client.closed).toBe(SOCKET_CLOSE.sessionEnded)
    other.send({ type: 'ping' })
    await other.next('pong')
    other.socket.close()
  })
})

describe('a change of the user', () => {
  it('shows at once on requests that read the cached user', async () => {
    const { token } = await signIn(app)
    expect((await info(app, token)).body.data).toMatchObject({ accountType: 'demo' })
    const switched = await call(app, 'POST', '/api/updateAccountType', { token, body: { accountType: 'live' } })
    expect(switched.status).toBe(200)
    expect((await info(app, token)).body.data).toMatchObject({ accountType: 'live' })
  })
})

describe.skipIf(!process.env.DATABASE_URL || !process.env.REDIS_URL)('across processes', () => {
  let other: FastifyInstance
  let otherUrl: string
  beforeAll(async () => {
    other = await buildTestApp({ now: () => clock, sessionTtlMs: ttl })
    otherUrl = socketUrl(await other.listen({ port: 0, host: '127.0.0.1' }))
  })
  afterAll(() => other?.close())

  it("a sign-out on one process closes the session's sockets on another within a second, and its cache forgets it", async () => {
    const { token } = await signIn(app)
    const client = await boundSocket(otherUrl, token)
    expect((await info(other, token)).status).toBe(200)
    const started = performance.now()
    expect((await call(app, 'POST', '/api/login_out', { token })).status).toBe(200)
    expect(await client.closed).toBe(SOCKET_CLOSE.sessionEnded)
    expect(performance.now() - started).toBeLessThan(1000)
    expect((await info(other, token)).status).toBe(401)
  })

  it('a book switch on one process shows on another that cached the user', async () => {
    const { token } = await signIn(app)
    const { id } = (await info(other, token)).body.data as { id: string }
    const heard = new Promise<void>((resolve) =>
      other.hub.onSessionEvent((event) => 'userChanged' in event && event.userChanged === id && resolve()),
    )
    expect((await call(app, 'POST', '/api/updateAccountType', { token, body: { accountType: 'live' } })).status).toBe(200)
    await heard
    expect((await info(other, token)).body.data).toMatchObject({ accountType: 'live' })
  })
})
