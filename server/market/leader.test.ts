// Leadership across processes needs PostgreSQL; on PGlite the one process always leads.
import { randomInt } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { alwaysLeader, leadWithAdvisoryLock } from './leader.ts'

const url = process.env.DATABASE_URL
const quiet = { info: () => {}, warn: () => {} }

async function until(condition: () => boolean, timeoutMs = 5000) {
  const start = Date.now()
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

describe('leadership', () => {
  it('is always held by the single PGlite process', () => {
    expect(alwaysLeader().isLeader()).toBe(true)
  })

  it.skipIf(!url)('goes to exactly one of several processes, and passes on when the leader stops', async () => {
    // A key of its own, so the simulator of a test app running in parallel does not interfere.
    const key = randomInt(1_000_000_000, 2_000_000_000)
    const contenders = [0, 1, 2].map(() => leadWithAdvisoryLock(url!, key, 100, quiet))
    try {
      await until(() => contenders.some((c) => c.isLeader()))
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(contenders.filter((c) => c.isLeader())).toHaveLength(1)
      const leader = contenders.find((c) => c.isLeader())!
      await leader.stop()
      const rest = contenders.filter((c) => c !== leader)
      await until(() => rest.some((c) => c.isLeader()))
      expect(rest.filter((c) => c.isLeader())).toHaveLength(1)
    } finally {
      await Promise.all(contenders.map((c) => c.stop()))
    }
  })
})
