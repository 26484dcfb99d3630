import { queryOptions } from '@tanstack/react-query'
import { earnApi } from '#contract/earn.ts'
import { api } from '../../lib/api.ts'
import { asUser } from '../../lib/private-query.ts'
import { useMoneyMutation } from '../../lib/money-mutation.ts'
import { userKeys, type UserId } from '../../lib/query-keys.ts'
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

export const useKeepProd = () => useMoneyMutation(earnApi.keep)
export const useCancelKeepProd = () => useMoneyMutation(earnApi.cancel)
