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

/** Per symbol, the newest tick wins, so saved prices loading late never hide a fresher live one. */
export function mergeTickers(current: Ticker[] | undefined, incoming: Ticker[]): Ticker[] {
  const bySymbol = new Map((current ?? []).map((t) => [t.symbol, t]))
  for (const t of incoming) {
    const known = bySymbol.get(t.symbol)
    if (!known || known.time <= t.time) bySymbol.set(t.symbol, t)
  }
  return [...bySymbol.values()].sort((a, b) => a.symbol.localeCompare(b.symbol))
}

/** A ticker frame from the socket (or a catalogue answer's quotes): into the cache the screens read, and into
 * IndexedDB for offline; `saveNow` for a rare answer that must not wait for the next save (a reload could lose it). */
export function applyTickers(queryClient: QueryClient, incoming: Ticker[], { saveNow = false } = {}) {
  if (incoming.length === 0) return
  const merged = queryClient.setQueryData(marketQueries.tickers().queryKey, (old) => mergeTickers(old, incoming))
  if (merged) rememberLastPrices(merged, saveNow)
}
