import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { accountApi } from '#contract/account.ts'
import type { AccountType } from '#contract/auth.ts'
import { api } from '../../lib/api.ts'
import { asUser } from '../../lib/private-query.ts'
import { userKeys, type UserId } from '../../lib/query-keys.ts'
import { getSession } from '../../lib/session.ts'
import { STALE } from '../../lib/stale.ts'

export const balanceQueries = {
  // The socket's balance_update invalidates userKeys.balance (src/app/realtime.tsx).
  current: (userId: UserId) =>
    queryOptions({
      queryKey: [...userKeys.balance(userId), 'current'],
      queryFn: asUser(userId, () => api(accountApi.getBalance)),
      staleTime: STALE.minute,
    }),
}

/** A book switch or a reset changes the balance, the account's active book and the record's rows. */
function useRefreshMoney() {
  const queryClient = useQueryClient()
  return () => {
    const { userId } = getSession()
    const keys = [userKeys.balance(userId), userKeys.account(userId), userKeys.records(userId)]
    return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })))
  }
}

export function useSwitchBook() {
  const refresh = useRefreshMoney()
  return useMutation({
    mutationFn: (accountType: AccountType) => api(accountApi.updateAccountType, { body: { accountType } }),
    onSuccess: refresh,
  })
}

export function useResetDemo() {
  const refresh = useRefreshMoney()
  return useMutation({
    // One key per press: a retried request after a timeout resets once.
    mutationFn: (idempotencyKey: string) => api(accountApi.resetDemo, { body: {}, idempotencyKey }),
    onSuccess: refresh,
  })
}
