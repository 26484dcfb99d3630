// The catalogue, candles and favourites. Kept apart from api.ts on purpose: api.ts (live tickers) is on the first
// visit's path (home's price list and the socket), and these schemas and calls are only for the market screens.
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { marketsApi, type CandleInterval } from '#contract/markets.ts'
import { api } from '../../lib/api.ts'
import { asUser } from '../../lib/private-query.ts'
import { publicKeys, userKeys, type UserId } from '../../lib/query-keys.ts'
import { getSession } from '../../lib/session.ts'
import { STALE } from '../../lib/stale.ts'

export const catalogueQueries = {
  /** Every instrument with the quote it had when asked; live quotes come from the ticker cache. */
  list: () =>
    queryOptions({
      queryKey: [...publicKeys.market(), 'catalogue'],
      queryFn: () => api(marketsApi.getProdList),
      staleTime: STALE.minute,
    }),
  instrument: (symbol: string) =>
    queryOptions({
      queryKey: [...publicKeys.market(), 'instrument', symbol],
      queryFn: () => api(marketsApi.getProdInfoByCode, { query: { code: symbol } }),
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

