import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { fundsApi } from '#contract/funds.ts'
import { withdrawalsApi, type SubmitWithdrawal } from '#contract/withdrawals.ts'
import { api } from '../../lib/api.ts'
import { asUser } from '../../lib/private-query.ts'
import { publicKeys, userKeys, type UserId } from '../../lib/query-keys.ts'
import { getSession } from '../../lib/session.ts'
import { STALE } from '../../lib/stale.ts'

// Under the balance root: balance_update (a withdrawal asked, paid or rejected) refreshes them with the balance.
const withdrawKeys = (userId: UserId) => [...userKeys.balance(userId), 'withdraw'] as const

export const withdrawQueries = {
  /** Every currency and network with its withdrawal terms; public, and checked again by the server. */
  networks: () =>
    queryOptions({ queryKey: [...publicKeys.funds(), 'networks'], queryFn: () => api(fundsApi.currencyNetList), staleTime: STALE.minute }),
  info: (userId: UserId) =>
    queryOptions({ queryKey: [...withdrawKeys(userId), 'info'], queryFn: asUser(userId, () => api(withdrawalsApi.info)), staleTime: STALE.minute }),
  list: (userId: UserId, page: number) =>
    queryOptions({
      queryKey: [...withdrawKeys(userId), 'list', page],
      queryFn: asUser(userId, () => api(withdrawalsApi.list, { query: { page, size: 20 } })),
      staleTime: STALE.minute,
    }),
}

export function useSubmitWithdrawal() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: SubmitWithdrawal; idempotencyKey: string }) => api(withdrawalsApi.submit, { body, idempotencyKey }),
    onSuccess: () => {
      const { userId } = getSession()
      return Promise.all([userKeys.balance(userId), userKeys.records(userId)].map((queryKey) => queryClient.invalidateQueries({ queryKey })))
    },
  })
}
