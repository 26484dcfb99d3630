import type { FastifyInstance } from 'fastify'
import WebSocket from 'ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SOCKET_CLOSE, SOCKET_MESSAGE_BURST } from '#contract/socket.ts'
import { buildTestApp, signIn } from '../test/helpers.ts'
import { connect as connectTo, refusedStatus, socketUrl } from './test-client.ts'

let app: FastifyInstance
let url: string
beforeAll(async () => {
  app = await buildTestApp({ tickMs: 50, socketIdleMs: 1500 })
  const address = await app.listen({ port: 0, host: '127.0.0.1' })
  url = socketUrl(address)
})
afterAll(() => app?.close())

const connect = (to = url, options = {}) => connectTo(to, options)

describe('/ws', () => {
  it('binds a signed-in user and sends deflated ticker batches', async () => {
    const { token } = await signIn(app)
    const client = await connect()
    client.send({ type: 'bind_user', token })
    expect((await client.next('bound')).message.data).toEqual({ ok: true })
    const { message } = await client.next('ticker', client.frames.length)
    expect(message.data.length).toBeGreaterThanOrEqual(8)
    for (const t of message.data) {
      expect(t.simulated).toBe(true)
      expect(Number(t.bid)).toBeLessThan(Number(t.ask))
    }
    client.socket.close()
  })

  it('answers ping with pong', async () => {
    const client = await connect()
    client.send({ type: 'ping' })
    expect((await client.next('pong')).message.data.time).toEqual(expect.any(Number))
    client.socket.close()
  })

  it('answers bound {ok:false, ended:true} for a token that names no session, and keeps the socket open', async () => {
    const client = await connect()
    client.send({ type: 'bind_user', token: 'not-a-real-token-at-all' })
    expect((await client.next('bound')).message.data).toEqual({ ok: false, ended: true })
    client.send({ type: 'ping' })
    await client.next('pong')
    client.socket.close()
  })

  it('ignores invalid messages without closing', async () => {
    const client = await connect()
    for (const junk of ['{', 'null', '[]', '{"type":"bind_user"}', '{"type":"rm -rf"}', JSON.stringify({ type: 'bind_user', token: 'x'.repeat(500) })]) {
      client.send(junk)
    }
    client.socket.send(Buffer.from([1, 2, 3]), { binary: true })
    client.send({ type: 'ping' })
    await client.next('pong')
    expect(client.socket.readyState).toBe(WebSocket.OPEN)
    client.socket.close()
  })

  it('closes a socket that sends nothing valid within the idle time', async () => {
    const client = await connect()
    expect(await client.closed).toBe(4000)
  })

  it('sends one broadcast as the same bytes to every client', async () => {
    const clients = await Promise.all([connect(), connect(), connect()])
    const marks = clients.map((c) => c.frames.length)
    await app.hub.broadcast({ messageType: 'notice', data: { id: 'n1' } })
    const got = await Promise.all(clients.map((c, i) => c.next('notice', marks[i])))
    expect(got[0]!.message.data).toEqual({ id: 'n1' })
    expect(got[1]!.raw.equals(got[0]!.raw) && got[2]!.raw.equals(got[0]!.raw)).toBe(true)
    for (const c of clients) c.socket.close()
  })

  it('delivers per-user events only to that user, and closes the socket at sign-out', async () => {
    const alice = await signIn(app)
    const bob = await signIn(app)
    const [a, b] = await Promise.all([connect(), connect()])
    a.send({ type: 'bind_user', token: alice.token })
    b.send({ type: 'bind_user', token: bob.token })
    await Promise.all([a.next('bound'), b.next('bound')])
    const info = await app.inject({ url: '/api/getMyAccountInfo', headers: { authorization: alice.token } })
    const aliceId = (info.json() as { data: { id: string } }).data.id

    await app.hub.publishToUser(aliceId, { messageType: 'new_message', data: { n: 1 } })
    // Frames on one socket keep their order, so a marker after the event proves what was (not) sent before it.
    await app.hub.broadcast({ messageType: 'notice', data: { marker: 1 } })
    expect((await a.next('new_message')).message.data).toEqual({ n: 1 })
    await b.next('notice')
    expect(b.frames.some((f) => f.message.messageType === 'new_message')).toBe(false)

    const mark = a.frames.length
    await app.inject({ method: 'POST', url: '/api/login_out', headers: { authorization: alice.token } })
    await app.hub.publishToUser(aliceId, { messageType: 'new_message', data: { n: 2 } })
    expect(await a.closed).toBe(SOCKET_CLOSE.sessionEnded)
    expect(a.frames.slice(mark).some((f) => f.message.messageType === 'new_message')).toBe(false)
    b.send({ type: 'ping' })
    await b.next('pong')
    b.socket.close()
  })

  it('lets a burst of messages through, then closes a socket that keeps flooding, junk included', async () => {
    const client = await connect()
    for (let i = 0; i < SOCKET_MESSAGE_BURST; i++) client.send({ type: 'ping' })
    const pongs = () => client.frames.filter((f) => f.message.messageType === 'pong').length
    while (pongs() < SOCKET_MESSAGE_BURST) await client.next('pong', client.frames.length)
    expect(client.socket.readyState).toBe(WebSocket.OPEN)
    for (let i = 0; i < SOCKET_MESSAGE_BURST; i++) client.send('{')
    expect(await client.closed).toBe(SOCKET_CLOSE.rateLimited)
  })

  it.skipIf(!process.env.DATABASE_URL || !process.env.REDIS_URL)(
    'relays the leader\'s ticks to sockets on a second process',
    async () => {
      // The first app holds the simulator lock; this one follows and only relays what arrives over Redis.
      const follower = await buildTestApp({ tickMs: 50 })
      try {
        const address = await follower.listen({ port: 0, host: '127.0.0.1' })
        const client = await connect(socketUrl(address))
        const { message } = await client.next('ticker', client.frames.length)
        expect(message.data.every((t) => t.simulated)).toBe(true)
        client.socket.close()
      } finally {
        await follower.close()
      }
    },
  )
})

describe('/ws handshake', () => {
  it("accepts the app's own origin and a client that sends none", async () => {
    const own = await connect(url, { origin: url.replace('ws://', 'http://').replace('/ws', '') })
    own.send({ type: 'ping' })
    await own.next('pong')
    own.socket.close()
    const none = await connect(url)
    none.socket.close()
  })

  it('refuses a foreign origin with 403', async () => {
    for (const origin of ['https://evil.example', 'null', `http://127.0.0.1.evil.example:${new URL(url).port}`]) {
      expect(await refusedStatus(url, { origin }), origin).toBe(403)
    }
  })

  it('accepts the configured CORS origins and no others', async () => {
    const open = await buildTestApp({ corsOrigins: ['https://app.example'] })
    try {
      const at = socketUrl(await open.listen({ port: 0, host: '127.0.0.1' }))
      const allowed = await connectTo(at, { origin: 'https://app.example' })
      allowed.socket.close()
      expect(await refusedStatus(at, { origin: 'https://other.example' })).toBe(403)
    } finally {
      await open.close()
    }
  })
})

describe('/ws origins and addresses', () => {
  it('refuses a foreign name that points at this server (DNS rebinding), though Host and Origin agree', async () => {
    const port = new URL(url).port
    const rebound = { origin: `http://rebind.example:${port}`, headers: { host: `rebind.example:${port}` } }
    expect(await refusedStatus(url, rebound)).toBe(403)
  })

  it('admits only the configured public origin and CORS origins once PUBLIC_URL is set', async () => {
    const open = await buildTestApp({ publicOrigin: 'https://app.example', corsOrigins: ['https://partner.example'] })
    try {
      const at = socketUrl(await open.listen({ port: 0, host: '127.0.0.1' }))
      for (const origin of ['https://app.example', 'https://partner.example']) (await connectTo(at, { origin })).socket.close()
      expect(await refusedStatus(at, { origin: at.replace('ws://', 'http://').replace('/ws', '') })).toBe(403)
    } finally {
      await open.close()
    }
  })

  it('caps the sockets one address holds, and gives a place back when a socket closes', async () => {
    const capped = await buildTestApp({ socketsPerAddress: 3 })
    try {
      const at = socketUrl(await capped.listen({ port: 0, host: '127.0.0.1' }))
      const held = await Promise.all([connectTo(at), connectTo(at), connectTo(at)])
      expect(await refusedStatus(at)).toBe(429)
      held[0]!.socket.close()
      await held[0]!.closed
      // The server sees the close a moment after the client; a new handshake gets the place once it has.
      let again = await refusedStatus(at).catch(() => 101)
      for (let i = 0; i < 50 && again === 429; i++) again = await refusedStatus(at).catch(() => 101)
      expect(again).toBe(101)
      for (const client of held.slice(1)) client.socket.close()
    } finally {
      await capped.close()
    }
  })
})

describe('/ws client faults in the log', () => {
  it('logs a malformed or oversized frame once per connection, at info, never as an error', async () => {
    const lines: Array<{ level: number; msg: string; code?: string }> = []
    const logger = { level: 'info', stream: { write: (line: string) => void lines.push(JSON.parse(line) as (typeof lines)[number]) } }
    const logged = await buildTestApp({ logger: logger as unknown as string })
    try {
      const at = socketUrl(await logged.listen({ port: 0, host: '127.0.0.1' }))
      const oversized = await connectTo(at)
      oversized.socket.send(Buffer.alloc(10_000))
      oversized.socket.send(Buffer.alloc(10_000))
      await oversized.closed
      // A frame with reserved bits set, written by hand: no well-behaved client library sends one.
      const raw = await connectTo(at)
      const wire = (raw.socket as unknown as { _socket: import('node:net').Socket })._socket
      wire.write(Buffer.from([0xf1, 0x80, 0, 0, 0, 0]))
      wire.write(Buffer.from([0xf1, 0x80, 0, 0, 0, 0]))
      await raw.closed
    } finally {
      await logged.close()
    }
    // (The app's own shutdown may warn, about the database on PostgreSQL: only the frames' lines count here.)
    expect(lines.filter((l) => l.level >= 40 && /WS_ERR|WebSocket frame|payload size/i.test(JSON.stringify(l)))).toEqual([])
    const faults = lines.filter((l) => l.msg === 'socket closed: client fault')
    expect(faults.map((l) => [l.level, l.code])).toEqual([
      [30, 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH'],
      [30, 'WS_ERR_UNEXPECTED_RSV_2_3'],
    ])
  })
})
