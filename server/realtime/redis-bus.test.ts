// Two buses stand for two server processes: what one publishes, the other's sockets receive.
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createRedisBus } from './redis-bus.ts'

const url = process.env.REDIS_URL
const quiet = { warn: () => {} }

describe.skipIf(!url)('redis bus', () => {
  it('carries messages between processes, in order', async () => {
    const [a, b] = await Promise.all([createRedisBus(url!, quiet, 'keelson-test'), createRedisBus(url!, quiet, 'keelson-test')])
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

  it("keeps two deployments on one Redis apart: each hears only its own deployment's messages", async () => {
    const run = randomUUID().slice(0, 8)
    const [blue, alsoBlue, green] = await Promise.all([
      createRedisBus(url!, quiet, `blue-${run}`),
      createRedisBus(url!, quiet, `blue-${run}`),
      createRedisBus(url!, quiet, `green-${run}`),
    ])
    try {
      // Redis hands one subscriber connection its messages in the order they were published; so once a bus hears
      // the last message of its own deployment, a message of the other that leaked would have come before it.
      const listen = async (bus: typeof blue, last: string) => {
        const heard: string[] = []
        let done = () => {}
        const until = new Promise<void>((resolve) => (done = resolve))
        await bus.subscribe('ticker', (payload) => {
          heard.push(payload)
          if (payload === last) done()
        })
        return { heard, until }
      }
      const [onBlue, onGreen] = await Promise.all([listen(alsoBlue, 'blue 2'), listen(green, 'green 1')])
      await blue.publish('ticker', 'blue 1')
      await green.publish('ticker', 'green 1')
      await blue.publish('ticker', 'blue 2')
      await Promise.all([onBlue.until, onGreen.until])
      expect(onBlue.heard).toEqual(['blue 1', 'blue 2'])
      expect(onGreen.heard).toEqual(['green 1'])
    } finally {
      await Promise.all([blue.close(), alsoBlue.close(), green.close()])
    }
  })
})
