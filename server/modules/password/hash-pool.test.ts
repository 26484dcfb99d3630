// The hash pool: the same keys as node:crypto, on threads of its own (not libuv's pool that serves files), with a
// bounded queue.
import { execFileSync } from 'node:child_process'
import { pbkdf2, randomBytes, scryptSync } from 'node:crypto'
import { closeSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { open } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
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

  // Holds every thread of libuv's pool without using CPU: each one blocks in open(2) on a FIFO that has no writer
  // yet (CPU-bound blockers raced the niced hash thread on a loaded 2-core machine and sometimes won).
  it.runIf(process.platform !== 'win32')('finishes a hash while every thread of libuv’s pool is busy', async () => {
    const uvThreads = Number(process.env.UV_THREADPOOL_SIZE ?? 4)
    const pool = newPool(1)
    await pool.derive(job('starts the thread'))
    const dir = mkdtempSync(join(tmpdir(), 'hash-pool-'))
    const fifo = join(dir, 'fifo')
    execFileSync('mkfifo', [fifo])
    const held = Array.from({ length: uvThreads }, () => open(fifo, 'r'))
    try {
      // The pool really is held: a one-round pbkdf2, which needs it, does not finish meanwhile.
      const after = (ms: number, what: string) => new Promise<string>((resolve) => setTimeout(() => resolve(what), ms))
      const libuvJob = new Promise<string>((resolve) => pbkdf2('x', 'salt', 1, 32, 'sha256', () => resolve('libuv')))
      expect(await Promise.race([libuvJob, after(300, 'still waiting')])).toBe('still waiting')
      // A hash that needed libuv's pool would wait here until the finally below; this one finishes.
      const hashed = pool.derive(job('while busy')).then((key) => `hash of ${key.length} bytes`)
      expect(await Promise.race([hashed, after(20_000, 'timed out')])).toBe('hash of 32 bytes')
    } finally {
      // A writer opening the FIFO wakes every blocked reader, which gives libuv its threads back.
      closeSync(openSync(fifo, 'w'))
      for (const handle of await Promise.all(held)) await handle.close()
      rmSync(dir, { recursive: true })
    }
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
