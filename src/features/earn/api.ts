import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { earnApi, type CancelKeepProd, type KeepProd } from '#contract/earn.ts'
import { api } from '../../lib/api.ts'
import { asUser } from '../../lib/private-query.ts'
import { userKeys, type UserId } from '../../lib/query-keys.ts'
import { getSession } from '../../lib/session.ts'
import { STALE } from '../../lib/stale.ts'

// Under the balance root: balance_update (a purchase, a day's earnings, an exit) and a book switch refresh them.
const earnKeys = (userId: UserId) => [...userKeys.balance(userId), 'earn'] as const

export const earnQueries = {
  plans: (userId: UserId) =>
    queryOptions({ queryKey: [...earnKeys(userId), 'plans'], queryFn: asUser(userId, () => api(earnApi.plans)), staleTime: STALE.minute }),
  mine: (userId: UserId) =>
    queryOptions({
      queryKey: [...earnKeys(userId), 'mine'],
      queryFn: asUser(userId, () => api(earnApi.orders, { query: { page: 1, size: 50 } })),
      staleTime: STALE.minute,
    }),
}

function useMoneyMutation<B>(endpoint: typeof earnApi.keep | typeof earnApi.cancel) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: B; idempotencyKey: string }) => api(endpoint, { body: body as never, idempotencyKey }),
    onSuccess: () => {
      const { userId } = getSession()
      return Promise.all([userKeys.balance(userId), userKeys.records(userId)].map((queryKey) => queryClient.invalidateQueries({ queryKey })))
    },
  })
}

export const useKeepProd = () => useMoneyMutation<KeepProd>(earnApi.keep)
export const useCancelKeepProd = () => useMoneyMutation<CancelKeepProd>(earnApi.cancel)
