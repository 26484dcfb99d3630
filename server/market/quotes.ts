// The last quote of every symbol, as this process heard it on the bus. Any process can price an order from it; the
// engine (on the leader) subscribes to each batch. A batch may carry only some symbols (closed markets do not tick),
// so quotes are kept per symbol.
import type { Ticker } from '#contract/socket.ts'
import type { Hub } from '../realtime/hub.ts'

export type Quotes = {
  get: (symbol: string) => Ticker | undefined
  all: () => Ticker[]
  /** Called with every batch after the book is updated; returns an unsubscribe. */
  onBatch: (listener: (batch: Ticker[]) => void) => () => void
}

export function createQuotes(hub: Pick<Hub, 'onTickers' | 'lastTickers'>): Quotes {
  const bySymbol = new Map<string, Ticker>()
  const listeners = new Set<(batch: Ticker[]) => void>()
  const take = (batch: Ticker[]) => {
    for (const ticker of batch) bySymbol.set(ticker.symbol, ticker)
  }
  take(hub.lastTickers() ?? [])
  hub.onTickers((batch) => {
    take(batch)
    for (const listener of listeners) listener(batch)
  })
  return {
    get: (symbol) => bySymbol.get(symbol),
    all: () => [...bySymbol.values()],
    onBatch(listener) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
  }
}
