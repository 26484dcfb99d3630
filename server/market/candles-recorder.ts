// Writes candles on the leading process: on becoming leader, a simulated past where a chart would be empty; then the
// candles changed since the last flush, every flushMs, and a last time on stop. Followers drain the book too (it
// records changes once drained) and drop what they drained: the leader writes what every process heard.
import Decimal from 'decimal.js'
import type { Ticker } from '#contract/socket.ts'
import type { Db } from '../db/client.ts'
import type { CandleBook } from './candles.ts'
import { backfillCandles, saveCandles } from './candles-store.ts'
import { instruments as catalogue, type CatalogueInstrument } from './catalogue.ts'

type Log = { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void }

export type RecorderOptions = {
  db: Db
  book: CandleBook
  isLeader: () => boolean
  now: () => number
  lastQuote: (symbol: string) => Ticker | undefined
  log: Log
  flushMs?: number
  /** Whose past to backfill (default the whole catalogue). */
  instruments?: readonly CatalogueInstrument[]
}

export function startCandleRecorder(options: RecorderOptions) {
  const { db, book, log } = options
  book.drain()
  let backfilled = false
  let running: Promise<void> = Promise.resolve()

  async function flush() {
    const rows = book.drain()
    if (!options.isLeader()) {
      backfilled = false
      return
    }
    if (!backfilled) {
      const bidOf = (i: CatalogueInstrument) => new Decimal(options.lastQuote(i.symbol)?.bid ?? new Decimal(i.start).minus(new Decimal(i.spread).div(2)))
      const written = await backfillCandles(db, options.instruments ?? catalogue, bidOf, options.now())
      backfilled = true
      if (written > 0) log.info({ candles: written }, 'simulated candle history written')
    }
    await saveCandles(db, rows)
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
