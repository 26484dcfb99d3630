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

/**
 * After a book switch or a demo reset everything of the user's is read again: the balance and the record, and the
 * trading account, positions and orders, which are of one book (the orders screen showed the old book's positions
 * under its badge for up to a minute when only the balance was refreshed).
 */
function useRefreshMoney() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: userKeys.of(getSession().userId) })
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
