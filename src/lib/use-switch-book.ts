// The book switch (Demo / Live, /updateAccountType), shared by the balance screen's switch and a link to an order of
// the other book (src/features/trade/components/linked-book.tsx): one call, one refresh.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { accountApi } from '#contract/account.ts'
import type { AccountType } from '#contract/auth.ts'
import { api } from './api.ts'
import { userKeys } from './query-keys.ts'
import { getSession } from './session.ts'

/**
 * Everything of the user's is read again after a book switch or a demo reset: the balance and the record, and the
 * trading account, positions and orders, which are of one book (the orders screen showed the old book's positions
 * under its badge for up to a minute when only the balance was refreshed).
 */
export function useRefreshUserData() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: userKeys.of(getSession().userId) })
}

export function useSwitchBook() {
  const refresh = useRefreshUserData()
  return useMutation({
    mutationFn: (accountType: AccountType) => api(accountApi.updateAccountType, { body: { accountType } }),
    onSuccess: refresh,
  })
}
