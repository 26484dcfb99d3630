// One thread of the hash pool (hash-pool.ts): runs scrypt synchronously, so the hash occupies this thread and
// never libuv's shared pool, where file reads and DNS wait in the same queue.
import { scryptSync } from 'node:crypto'
import { setPriority } from 'node:os'
import { parentPort } from 'node:worker_threads'

// Hashing yields the CPU to the event loop that serves files and the API: on Linux the nice value belongs to the
// calling thread, so this lowers this thread only (elsewhere it would lower the whole process, so not there).
if (process.platform === 'linux') setPriority(10)

export type HashJob = { password: string; salt: Uint8Array; keyBytes: number; N: number; r: number; p: number; maxmem: number }
export type HashResult = { key: Uint8Array } | { error: string }

parentPort?.on('message', (job: HashJob) => {
  let result: HashResult
  try {
    const key = scryptSync(job.password, job.salt, job.keyBytes, { N: job.N, r: job.r, p: job.p, maxmem: job.maxmem })
    result = { key: new Uint8Array(key) }
  } catch (error) {
    result = { error: error instanceof Error ? error.message : String(error) }
  }
  parentPort?.postMessage(result)
})
