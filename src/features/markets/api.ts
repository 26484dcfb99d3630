import { queryOptions } from '@tanstack/react-query'
import type { Ticker } from '#contract/socket.ts'
import { STALE } from '../../lib/stale.ts'

/** Last prices, fed by the live socket's ticker frames (setQueryData), kept across reloads by nothing: live only. */
export const marketQueries = {
  all: () => ['market'] as const,
  tickers: () =>
    queryOptions({
      queryKey: [...marketQueries.all(), 'tickers'],
      queryFn: () => [] as Ticker[],
      staleTime: STALE.forever,
    }),
}

export function mergeTickers(current: Ticker[] | undefined, incoming: Ticker[]): Ticker[] {
  const bySymbol = new Map((current ?? []).map((t) => [t.symbol, t]))
  for (const t of incoming) bySymbol.set(t.symbol, t)
  return [...bySymbol.values()].sort((a, b) => a.symbol.localeCompare(b.symbol))
}
