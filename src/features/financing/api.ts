import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { financingApi, type CreateFinancingOrder, type EarlyRedeemFinancingOrder } from '#contract/financing.ts'
import { api } from '../../lib/api.ts'
import { asUser } from '../../lib/private-query.ts'
import { userKeys, type UserId } from '../../lib/query-keys.ts'
import { getSession } from '../../lib/session.ts'
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

function useMoneyMutation<B>(endpoint: typeof financingApi.create | typeof financingApi.redeem) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: B; idempotencyKey: string }) => api(endpoint, { body: body as never, idempotencyKey }),
    onSuccess: () => {
      const { userId } = getSession()
      return Promise.all([userKeys.balance(userId), userKeys.records(userId)].map((queryKey) => queryClient.invalidateQueries({ queryKey })))
    },
  })
}

export const useCreateFinancingOrder = () => useMoneyMutation<CreateFinancingOrder>(financingApi.create)
export const useEarlyRedeem = () => useMoneyMutation<EarlyRedeemFinancingOrder>(financingApi.redeem)
