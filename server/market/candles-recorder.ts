// Writes candles on the leading process: the candles changed since the last flush, every flushMs, and a last time on
// stop; once an hour it also deletes candles past their keeping time. Followers drain the book too (it records
// changes once drained) and drop what they drained: the leader writes what every process heard. The simulated past
// is made on demand instead (candles-store.ts extendHistory).
import type { Db } from '../db/client.ts'
import type { CandleBook } from './candles.ts'
import { pruneCandles, saveCandles } from './candles-store.ts'

/** How often the leader deletes candles past their keeping time. */
const PRUNE_EVERY_MS = 60 * 60 * 1000

type Log = { warn: (obj: object, msg: string) => void }

export type RecorderOptions = {
  db: Db
  book: CandleBook
  isLeader: () => boolean
  now: () => number
  log: Log
  flushMs?: number
}

export function startCandleRecorder(options: RecorderOptions) {
  const { db, book, log } = options
  book.drain()
  let running: Promise<void> = Promise.resolve()

  // The first pruning waits an hour: a start is busy enough, and short-lived (test) servers never prune.
  let prunedAt = options.now()

  async function flush() {
    const rows = book.drain()
    if (!options.isLeader()) return
    await saveCandles(db, rows)
    const now = options.now()
    if (now - prunedAt < PRUNE_EVERY_MS) return
    prunedAt = now
    await pruneCandles(db, now)
  }

  // One flush at a time: a slow one delays the next instead of racing it.
  const next = () => {
    running = running.then(flush).catch((error: unknown) => log.warn({ err: error }, 'candle flush failed'))
    return running
  }
  const timer = setInterval(next, options.flushMs ?? 2000)
  timer.unref()
  return {
    flush: next,
    stop: async () => {
      clearInterval(timer)
      await next()
    },
  }
}
