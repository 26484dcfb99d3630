import { queryOptions, useMutation } from '@tanstack/react-query'
import { accountApi } from '#contract/account.ts'
import { api } from '../../lib/api.ts'
import { asUser } from '../../lib/private-query.ts'
import { userKeys, type UserId } from '../../lib/query-keys.ts'
import { STALE } from '../../lib/stale.ts'
import { useRefreshUserData } from '../../lib/use-switch-book.ts'

export const balanceQueries = {
  // The socket's balance_update invalidates userKeys.balance (src/app/realtime.tsx).
  current: (userId: UserId) =>
    queryOptions({
      queryKey: [...userKeys.balance(userId), 'current'],
      queryFn: asUser(userId, () => api(accountApi.getBalance)),
      staleTime: STALE.minute,
    }),
}

/** A demo reset, then everything of the user's is read again (as after a book switch). */
export function useResetDemo() {
  const refresh = useRefreshUserData()
  return useMutation({
    // One key per press: a retried request after a timeout resets once.
    mutationFn: (idempotencyKey: string) => api(accountApi.resetDemo, { body: {}, idempotencyKey }),
    onSuccess: refresh,
  })
}
