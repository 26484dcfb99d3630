import { queryOptions } from '@tanstack/react-query'
import { financingApi } from '#contract/financing.ts'
import { api } from '../../lib/api.ts'
import { asUser } from '../../lib/private-query.ts'
import { useMoneyMutation } from '../../lib/money-mutation.ts'
import { userKeys, type UserId } from '../../lib/query-keys.ts'
import { STALE } from '../../lib/stale.ts'

// Under the balance root: balance_update (a purchase, a maturity, a redemption) and a book switch refresh them.
const financingKeys = (userId: UserId) => [...userKeys.balance(userId), 'financing'] as const

export const financingQueries = {
  products: (userId: UserId) =>
    queryOptions({ queryKey: [...financingKeys(userId), 'products'], queryFn: asUser(userId, () => api(financingApi.products)), staleTime: STALE.minute }),
  mine: (userId: UserId) =>
    queryOptions({
      queryKey: [...financingKeys(userId), 'mine'],
      queryFn: asUser(userId, () => api(financingApi.orders, { query: { page: 1, size: 50 } })),
      staleTime: STALE.minute,
    }),
}

export const useCreateFinancingOrder = () => useMoneyMutation(financingApi.create)
export const useEarlyRedeem = () => useMoneyMutation(financingApi.redeem)
