import { infiniteQueryOptions } from '@tanstack/react-query'
import { historyApi, type HistoryQuery } from '#contract/history.ts'
import { ordersApi } from '#contract/orders.ts'
import { api } from '../../lib/api.ts'
import { asUser } from '../../lib/private-query.ts'
import { userKeys, type UserId } from '../../lib/query-keys.ts'
import { STALE } from '../../lib/stale.ts'

export type HistoryFilter = Omit<HistoryQuery, 'page' | 'size'>

const PAGE_SIZE = 20

// Under userKeys.orders: a close (order_update on the socket, or this app's own) refreshes the history too.
export const historyQueries = {
  closed: (userId: UserId, filter: HistoryFilter) =>
    infiniteQueryOptions({
      queryKey: [...userKeys.orders(userId), 'closed', filter],
      queryFn: asUser(userId, ({ pageParam }: { pageParam: number }) =>
        api(historyApi.getPositionHistory, { query: { ...filter, page: pageParam, size: PAGE_SIZE } }),
      ),
      initialPageParam: 1,
      getNextPageParam: (last) => (last.page * last.size < last.total ? last.page + 1 : undefined),
      staleTime: STALE.minute,
    }),
  /** Limit orders that filled or were cancelled, newest first. */
  finishedLimits: (userId: UserId) =>
    infiniteQueryOptions({
      queryKey: [...userKeys.limitOrders(userId), 'finished'],
      queryFn: asUser(userId, ({ pageParam }: { pageParam: number }) =>
        api(ordersApi.getLimitOrderList, { query: { status: 'history', page: pageParam, size: PAGE_SIZE } }),
      ),
      initialPageParam: 1,
      getNextPageParam: (last) => (last.page * last.size < last.total ? last.page + 1 : undefined),
      staleTime: STALE.minute,
    }),
}
