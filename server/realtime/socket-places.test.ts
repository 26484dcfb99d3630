// The cap on sockets per client address (SOCKETS_PER_ADDRESS, socket-places.ts): counted by each process alone
// without Redis, and across the deployment's processes with it; a process that died gives its places back.
import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { Redis } from 'ioredis'
import { describe, expect, it } from 'vitest'
import { buildTestApp } from '../test/helpers.ts'
import { createSocketPlaces, STALE_MS } from './socket-places.ts'
import { connect, refusedStatus, socketUrl, type TestClient } from './test-client.ts'

const redisUrl = process.env.REDIS_URL
const quiet = { warn: () => {} }
const connection = () => {
  const listeners: Array<() => void> = []
  return { once: (_event: 'close', listener: () => void) => listeners.push(listener), close: () => listeners.splice(0).forEach((l) => l()) }
}

/** Handshakes until one is accepted: a server sees a close a moment after its client does. */
async function acceptedSoon(url: string) {
  for (let i = 0; i < 50; i++) {
    const status = await refusedStatus(url).catch(() => 101)
    if (status === 101) return true
    await new Promise((r) => setTimeout(r, 20))
  }
  return false
}

describe('sockets per address', () => {
  it('counts within the process without Redis, and gives a place back on close', async () => {
    const places = createSocketPlaces(2)
    const [a, b, c] = [connection(), connection(), connection()]
    expect([await places.take('10.0.0.1', a), await places.take('10.0.0.1', b), await places.take('10.0.0.1', c)]).toEqual([true, true, false])
    expect(await places.take('10.0.0.2', c)).toBe(true)
    a.close()
    expect(await places.take('10.0.0.1', connection())).toBe(true)
  })

  it.skipIf(!redisUrl)("frees the places of a process that stopped beating: a dead process's sockets are gone", async () => {
    const redis = new Redis(redisUrl!)
    const prefix = `places-${randomUUID()}:`
    const dead = createSocketPlaces(2, { redis, prefix, log: quiet, processId: 'dead' })
    const alive = createSocketPlaces(2, { redis, prefix, log: quiet })
    try {
      expect([await dead.take('10.0.0.9', connection()), await dead.take('10.0.0.9', connection())]).toEqual([true, true])
      expect(await alive.take('10.0.0.9', connection())).toBe(false)
      // The dead process's last heartbeat, long ago (it died without closing).
      await redis.zadd(`${prefix}ws:alive`, Date.now() - STALE_MS - 1000, 'dead')
      expect(await alive.take('10.0.0.9', connection())).toBe(true)
    } finally {
      await Promise.all([dead.close(), alive.close()])
      redis.disconnect()
    }
  })

  it.skipIf(!process.env.DATABASE_URL || !redisUrl)('counts across two server processes on one Redis', async () => {
    const deploymentName = `keelson-places-${randomUUID().slice(0, 8)}`
    const apps: FastifyInstance[] = []
    const held: TestClient[] = []
    try {
      for (let i = 0; i < 2; i++) apps.push(await buildTestApp({ socketsPerAddress: 3, deploymentName }))
      const [one, two] = await Promise.all(apps.map(async (app) => socketUrl(await app.listen({ port: 0, host: '127.0.0.1' }))))
      held.push(await connect(one!), await connect(one!), await connect(two!))
      // Three held between them: the fourth is refused by either process.
      expect(await refusedStatus(one!)).toBe(429)
      expect(await refusedStatus(two!)).toBe(429)
      // One closed on the first process: the second has a place again.
      held[0]!.socket.close()
      await held[0]!.closed
      expect(await acceptedSoon(two!)).toBe(true)
      // A process that stops gives its places back to the others.
      await apps[0]!.close()
      held.push(await connect(two!), await connect(two!))
      expect(await refusedStatus(two!)).toBe(429)
    } finally {
      for (const client of held) client.socket.close()
      await Promise.all(apps.map((app) => app.close()))
    }
  })
})
