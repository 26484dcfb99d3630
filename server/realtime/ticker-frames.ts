// Ticker batches heard on the bus become socket frames at most once per `gapMs`: a batch arriving sooner after the
// last frame (a second publisher, a feed's burst, Redis handing over two messages at once) waits, merged by symbol
// with whatever else arrives, until the gap has passed. A batch that finds the gap passed goes out at once, so the
// usual one-batch-per-tick adds no delay. The book keeps the last quote of every symbol for new sockets.
import type { Ticker } from '#contract/socket.ts'

export type TickerFrames = {
  /** Merges a batch; calls send now, or later with this and the batches after it, one entry per symbol. */
  take: (batch: Ticker[]) => void
  /** The last quote of every symbol seen, in the order symbols first appeared. */
  book: () => Ticker[]
  /** Increases whenever the book changes, so a frame of it can be cached. */
  revision: () => number
}

export function createTickerFrames(gapMs: number, send: (batch: Ticker[]) => void, clock = () => performance.now()): TickerFrames {
  const book = new Map<string, Ticker>()
  const pending = new Map<string, Ticker>()
  let lastSentAt = -Infinity
  let timer: NodeJS.Timeout | null = null
  let revision = 0

  function flush() {
    timer = null
    const batch = [...pending.values()]
    pending.clear()
    lastSentAt = clock()
    // An empty batch still makes a frame, as it always did: a heartbeat of the feed, and the moment slow sockets
    // are checked.
    send(batch)
  }

  return {
    take(batch) {
      for (const ticker of batch) {
        book.set(ticker.symbol, ticker)
        pending.set(ticker.symbol, ticker)
      }
      revision++
      if (timer) return
      const wait = lastSentAt + gapMs - clock()
      if (wait <= 0) return flush()
      timer = setTimeout(flush, wait)
      // A frame still waiting must not keep a stopping process alive.
      timer.unref()
    },
    book: () => [...book.values()],
    revision: () => revision,
  }
}
