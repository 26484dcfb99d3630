// The catalogue, candles and favourites. Kept apart from api.ts on purpose: api.ts (live tickers) is on the first
// visit's path (home's price list and the socket), and these schemas and calls are only for the market screens.
import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { marketsApi, type CandleInterval, type InstrumentQuote } from '#contract/markets.ts'
import { api } from '../../lib/api.ts'
import { asUser } from '../../lib/private-query.ts'
import { publicKeys, userKeys, type UserId } from '../../lib/query-keys.ts'
import { getSession } from '../../lib/session.ts'
import { STALE } from '../../lib/stale.ts'
import { applyTickers, marketQueries } from './api.ts'

/**
 * The quotes an answer carries join the kept prices (the newest per symbol wins, and it is saved for offline at once),
 * so home, the market list and the instrument all read one source: the newest kept price with its time.
 */
async function keepQuotes<T extends InstrumentQuote | InstrumentQuote[]>(client: QueryClient, data: T): Promise<T> {
  const quotes = (Array.isArray(data) ? data : [data]).flatMap((i) => (i.quote ? [i.quote] : []))
  // The saved prices load first, so these quotes are merged into them rather than standing in for them.
  await client.ensureQueryData(marketQueries.tickers())
  applyTickers(client, quotes, { saveNow: true })
  return data
}

export const catalogueQueries = {
  /** Every instrument with the quote it had when asked; screens read quotes from the ticker cache (keepQuotes). */
  list: () =>
    queryOptions({
      queryKey: [...publicKeys.market(), 'catalogue'],
      queryFn: async ({ client }) => keepQuotes(client, await api(marketsApi.getProdList)),
      staleTime: STALE.minute,
    }),
  instrument: (symbol: string) =>
    queryOptions({
      queryKey: [...publicKeys.market(), 'instrument', symbol],
      queryFn: async ({ client }) => keepQuotes(client, await api(marketsApi.getProdInfoByCode, { query: { code: symbol } })),
      staleTime: STALE.minute,
    }),
  /** Candles of bid prices; the last one is kept current from the socket's ticks by the chart. */
  kline: (symbol: string, interval: CandleInterval) =>
    queryOptions({
      queryKey: [...publicKeys.market(), 'kline', symbol, interval],
      queryFn: () => api(marketsApi.getKline, { query: { symbol, interval } }),
      staleTime: STALE.minute,
      placeholderData: keepPreviousData,
    }),
  favourites: (userId: UserId) =>
    queryOptions({
      queryKey: [...userKeys.favourites(userId), 'list'],
      queryFn: asUser(userId, () => api(marketsApi.getUserCollectList)),
      staleTime: STALE.hour,
    }),
}

/** Adds or removes a favourite; the answer is the list after the change, so the cache takes it as it is. */
export function useToggleFavourite() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: { symbol: string; collect: boolean }) => api(marketsApi.userCollect, { body }),
    onSuccess: (list) => queryClient.setQueryData(catalogueQueries.favourites(getSession().userId).queryKey, list),
  })
}

