import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { ordersApi, type CreateContractOrder, type CreateLimitOrder } from '#contract/orders.ts'
import { accountApi } from '#contract/account.ts'
import { api } from '../../lib/api.ts'
import { keepPrivate, offlinePlaceholder } from '../../lib/kept-private.ts'
import { asUser } from '../../lib/private-query.ts'
import { userKeys, type UserId } from '../../lib/query-keys.ts'
import { getSession } from '../../lib/session.ts'
import { STALE } from '../../lib/stale.ts'

export { operationKeys } from '../../lib/operation-keys.ts'

/** One page holds every open position and pending order a person can follow on a phone. */
const LIST_SIZE = 100

// Every key is under userKeys.orders: the socket's order_update refreshes them all (src/app/realtime.tsx); the
// limit list is under userKeys.limitOrders, which a tab becoming visible refreshes after 1 000 ms.
export const orderQueries = {
  positions: (userId: UserId) =>
    queryOptions({
      queryKey: [...userKeys.orders(userId), 'positions'],
      queryFn: asUser(userId, async () =>
        keepPrivate(userId!, 'positions', await api(ordersApi.getContractOrderList, { query: { status: 'open', page: 1, size: LIST_SIZE } })),
      ),
      // Offline after a reload: the last list kept on this device, with its time (isPlaceholderData).
      placeholderData: offlinePlaceholder(userId, 'positions'),
      staleTime: STALE.minute,
    }),
  pending: (userId: UserId) =>
    queryOptions({
      queryKey: [...userKeys.limitOrders(userId), 'pending'],
      queryFn: asUser(userId, async () =>
        keepPrivate(userId!, 'pending', await api(ordersApi.getLimitOrderList, { query: { status: 'pending', page: 1, size: LIST_SIZE } })),
      ),
      placeholderData: offlinePlaceholder(userId, 'pending'),
      staleTime: STALE.minute,
    }),
  account: (userId: UserId) =>
    queryOptions({
      queryKey: [...userKeys.tradeAccount(userId), 'current'],
      queryFn: asUser(userId, async () => keepPrivate(userId!, 'account', await api(ordersApi.getTradeAccount))),
      placeholderData: offlinePlaceholder(userId, 'account'),
      staleTime: STALE.minute,
    }),
}

/** After an order call: the orders, the balance and the record (manage-api.ts uses it too). */
export function useRefreshOrders() {
  const queryClient = useQueryClient()
  return () => {
    const { userId } = getSession()
    const keys = [userKeys.orders(userId), userKeys.balance(userId), userKeys.records(userId)]
    return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })))
  }
}

type Sent<B> = { body: B; idempotencyKey: string }

export function useOpenPosition() {
  const refresh = useRefreshOrders()
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: Sent<CreateContractOrder>) => api(ordersApi.createContractOrder, { body, idempotencyKey }),
    onSuccess: refresh,
  })
}

export function usePlaceLimit() {
  const refresh = useRefreshOrders()
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: Sent<CreateLimitOrder>) => api(ordersApi.createLimitOrder, { body, idempotencyKey }),
    onSuccess: refresh,
  })
}

export function useClosePosition() {
  const refresh = useRefreshOrders()
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: Sent<{ orderNo: string }>) => api(ordersApi.closePositionOrder, { body, idempotencyKey }),
    onSuccess: refresh,
  })
}

export function useCancelLimit() {
  const refresh = useRefreshOrders()
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: Sent<{ orderNo: string }>) => api(ordersApi.cancelLimitOrder, { body, idempotencyKey }),
    onSuccess: refresh,
  })
}

/** Moves the user to the demo book (the live book refuses orders on simulated prices): every private query of the
 * user is refetched, since the orders, the balance and the records all belong to the book. */
export function useSwitchToDemo() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => api(accountApi.updateAccountType, { body: { accountType: 'demo' } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.of(getSession().userId) }),
  })
}
