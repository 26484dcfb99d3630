// Two buses stand for two server processes: what one publishes, the other's sockets receive.
import { describe, expect, it } from 'vitest'
import { createRedisBus } from './redis-bus.ts'

const url = process.env.REDIS_URL
const quiet = { warn: () => {} }

describe.skipIf(!url)('redis bus', () => {
  it('carries messages between processes, in order', async () => {
    const [a, b] = await Promise.all([createRedisBus(url!, quiet), createRedisBus(url!, quiet)])
    try {
      const got: string[] = []
      let done = () => {}
      const allThree = new Promise<void>((resolve) => (done = resolve))
      await b.subscribe('user', (payload) => {
        const mine = JSON.parse(payload) as { test?: string; n: number }
        if (mine.test !== 'redis-bus') return // other test files publish on the shared Redis too
        got.push(String(mine.n))
        if (got.length === 3) done()
      })
      for (const n of [1, 2, 3]) await a.publish('user', JSON.stringify({ test: 'redis-bus', n }))
      await allThree
      expect(got).toEqual(['1', '2', '3'])
    } finally {
      await Promise.all([a.close(), b.close()])
    }
  })
})
