import { queryOptions, type QueryClient } from '@tanstack/react-query'
import type { Ticker } from '#contract/socket.ts'
import { marketsApi } from '#contract/markets.ts'
import { api } from '../../lib/api.ts'
import { publicKeys } from '../../lib/query-keys.ts'
import { STALE } from '../../lib/stale.ts'
import { loadLastPrices, rememberLastPrices } from './last-prices.ts'

/** Last prices: the ones kept in IndexedDB at first, then the live socket's ticker frames and the catalogue's quotes
 * (applyTickers), newest per symbol: the one source of every price a screen shows. */
export const marketQueries = {
  /** The home screen's figures (featured symbols, movers, counts); the browser's copy of the endpoint has no schemas. */
  index: () =>
    queryOptions({
      queryKey: [...publicKeys.market(), 'index'],
      queryFn: () => api(marketsApi.getIndexDataV2),
      staleTime: STALE.hour,
    }),
  tickers: () =>
    queryOptions({
      queryKey: [...publicKeys.market(), 'tickers'],
      // Live ticks may land while the saved prices load: keep whichever is newer per symbol.
      queryFn: async ({ client, queryKey }) => mergeTickers(await loadLastPrices(), client.getQueryData<Ticker[]>(queryKey) ?? []),
      staleTime: STALE.forever,
    }),
}

/** One collator for every sort: `localeCompare` builds one per call, and sorting the book that way took 0.3 s of a
 * phone's first visit (bench/first-visit-trace.ts). Same order: the default locale's. */
const bySymbol = new Intl.Collator()
const compareSymbols = (a: Ticker, b: Ticker) => bySymbol.compare(a.symbol, b.symbol)

/**
 * Per symbol, the newest tick wins, so saved prices loading late never hide a fresher live one. The list stays in
 * symbol order; it is sorted again only when a symbol joins it (a tick of known symbols keeps every place).
 */
export function mergeTickers(current: Ticker[] | undefined, incoming: Ticker[]): Ticker[] {
  const next = [...(current ?? [])]
  const place = new Map(next.map((t, i) => [t.symbol, i]))
  let joined = false
  for (const t of incoming) {
    const i = place.get(t.symbol)
    if (i === undefined) {
      place.set(t.symbol, next.push(t) - 1)
      joined = true
    } else if (next[i]!.time <= t.time) next[i] = t
  }
  return joined ? next.sort(compareSymbols) : next
}

/** A ticker frame from the socket (or a catalogue answer's quotes): into the cache the screens read, and into
 * IndexedDB for offline; `saveNow` for a rare answer that must not wait for the next save (a reload could lose it). */
export function applyTickers(queryClient: QueryClient, incoming: Ticker[], { saveNow = false } = {}) {
  if (incoming.length === 0) return
  const merged = queryClient.setQueryData(marketQueries.tickers().queryKey, (old) => mergeTickers(old, incoming))
  if (merged) rememberLastPrices(merged, saveNow)
}
