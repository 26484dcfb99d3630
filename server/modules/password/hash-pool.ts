// scrypt on threads of its own. node:crypto's asynchronous scrypt runs on libuv's thread pool (4 threads), which
// also does every file read of @fastify/static: sixteen sign-ins at once held /sw.js for 3 to 10 s. Here each hash
// runs on a worker thread of this pool, one thread per core but one (the event loop keeps a core), at most 8
// (each hash holds 32 MiB). The queue is bounded: past it a sign-in is refused at once with 429 ("too many requests",
// one of the envelope's codes) instead of waiting for seconds, and the threads stay referenced only while they work,
// so an idle pool never keeps a process alive.
import { availableParallelism } from 'node:os'
import { Worker } from 'node:worker_threads'
import { AppError } from '../../app-error.ts'
import type { HashJob, HashResult } from './hash-worker.ts'

export type HashPool = {
  /** The scrypt key of the job, computed on a pool thread; rejects with a 429 AppError when the queue is full. */
  derive: (job: HashJob) => Promise<Buffer>
  close: () => Promise<void>
}

type Pending = { job: HashJob; resolve: (key: Buffer) => void; reject: (error: Error) => void }
type Slot = { worker: Worker; busy: Pending | null }

export const DEFAULT_POOL_SIZE = Math.min(8, Math.max(1, availableParallelism() - 1))
/** Jobs that may wait per thread: at 50 to 150 ms a hash, a few seconds of waiting at most. */
const WAITING_PER_THREAD = 32

export function createHashPool(size = DEFAULT_POOL_SIZE, maxWaiting = size * WAITING_PER_THREAD): HashPool {
  const slots: Slot[] = []
  const waiting: Pending[] = []
  let closed = false

  function start(slot: Slot, pending: Pending) {
    slot.busy = pending
    slot.worker.ref()
    slot.worker.postMessage(pending.job)
  }

  function spawnSlot(): Slot {
    const slot: Slot = { worker: new Worker(new URL('./hash-worker.ts', import.meta.url)), busy: null }
    slot.worker.unref()
    slot.worker.on('message', (result: HashResult) => {
      const done = slot.busy
      slot.busy = null
      if (done) {
        if ('error' in result) done.reject(new Error(result.error))
        else done.resolve(Buffer.from(result.key.buffer, result.key.byteOffset, result.key.byteLength))
      }
      const next = waiting.shift()
      if (next) start(slot, next)
      else slot.worker.unref()
    })
    // A thread that dies (out of memory, terminated) fails its job only; the next job gets a new thread.
    slot.worker.on('error', (error) => {
      slot.busy?.reject(error)
      slot.busy = null
    })
    slot.worker.on('exit', () => {
      slot.busy?.reject(new Error('hash worker stopped'))
      slot.busy = null
      const index = slots.indexOf(slot)
      if (index >= 0) slots.splice(index, 1)
      if (!closed) pump()
    })
    slots.push(slot)
    return slot
  }

  function pump() {
    while (waiting.length > 0) {
      const slot = slots.find((s) => s.busy === null) ?? (slots.length < size ? spawnSlot() : null)
      if (!slot) return
      start(slot, waiting.shift()!)
    }
  }

  return {
    derive(job) {
      if (closed) return Promise.reject(new Error('hash pool closed'))
      if (waiting.length >= maxWaiting) return Promise.reject(new AppError(429, 'rateLimited'))
      return new Promise<Buffer>((resolve, reject) => {
        waiting.push({ job, resolve, reject })
        pump()
      })
    },
    async close() {
      closed = true
      for (const pending of waiting.splice(0)) pending.reject(new Error('hash pool closed'))
      await Promise.all(slots.map((s) => s.worker.terminate()))
    },
  }
}
