// The hash pool: the same keys as node:crypto, on threads of its own (not libuv's pool that serves files), with a
// bounded queue.
import { pbkdf2, randomBytes, scryptSync } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { afterAll, describe, expect, it } from 'vitest'
import { createHashPool } from './hash-pool.ts'

const pools: Array<ReturnType<typeof createHashPool>> = []
const newPool = (size: number, maxWaiting?: number) => {
  const pool = createHashPool(size, maxWaiting)
  pools.push(pool)
  return pool
}
afterAll(() => Promise.all(pools.map((p) => p.close())))

const job = (password: string, salt = randomBytes(16)) => ({ password, salt, keyBytes: 32, N: 2 ** 14, r: 8, p: 1, maxmem: 64 * 1024 * 1024 })

describe('the hash pool', () => {
  it('derives the same scrypt keys as node:crypto, several at once', async () => {
    const pool = newPool(2)
    const jobs = ['one', 'two', 'three', 'pässwörd'].map((p) => job(p))
    const keys = await Promise.all(jobs.map((j) => pool.derive(j)))
    for (const [i, j] of jobs.entries()) {
      expect(keys[i]!.equals(scryptSync(j.password, j.salt, 32, { N: j.N, r: j.r, p: j.p, maxmem: j.maxmem }))).toBe(true)
    }
  })

  it('finishes a hash while every thread of libuv’s pool is busy', async () => {
    // Occupy libuv's pool (UV_THREADPOOL_SIZE threads, 4 by default) with slow pbkdf2 calls; a hash that needed
    // that pool would wait for them all.
    const uvThreads = Number(process.env.UV_THREADPOOL_SIZE ?? 4)
    const pool = newPool(1)
    await pool.derive(job('starts the thread'))
    const order: string[] = []
    const blockers = Array.from({ length: uvThreads }, () =>
      new Promise<void>((resolve, reject) => pbkdf2('x', 'salt', 4_000_000, 32, 'sha256', (error) => (error ? reject(error) : resolve()))),
    ).map((p) => p.then(() => void order.push('libuv')))
    const hashed = pool.derive(job('while busy')).then(() => void order.push('hash'))
    await Promise.all([...blockers, hashed])
    expect(order[0]).toBe('hash')
  }, 60_000)

  // The nice value is per thread only on Linux, so the pool lowers it only there.
  it.runIf(process.platform === 'linux')('hashes at a lower priority than the event loop that serves requests', async () => {
    await newPool(1).derive(job('any'))
    const niceOf = (stat: string) => Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16])
    const threads = readdirSync('/proc/self/task').map((id) => niceOf(readFileSync(`/proc/self/task/${id}/stat`, 'utf8')))
    expect(niceOf(readFileSync('/proc/self/stat', 'utf8'))).toBe(0)
    expect(threads).toContain(10)
  })

  it('refuses with 429 at once when the queue is full, and serves the queued ones', async () => {
    const pool = newPool(1, 2)
    const accepted = [pool.derive(job('a')), pool.derive(job('b')), pool.derive(job('c'))]
    await expect(pool.derive(job('d'))).rejects.toMatchObject({ statusCode: 429 })
    expect(await Promise.all(accepted)).toHaveLength(3)
    await expect(pool.derive(job('e'))).resolves.toHaveLength(32)
  })

  it('fails only the job whose parameters scrypt refuses', async () => {
    const pool = newPool(1)
    await expect(pool.derive({ ...job('x'), N: 3 })).rejects.toThrow()
    await expect(pool.derive(job('y'))).resolves.toHaveLength(32)
  })
})
