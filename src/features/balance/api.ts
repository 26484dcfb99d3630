import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { accountApi } from '#contract/account.ts'
import type { AccountType } from '#contract/auth.ts'
import { api } from '../../lib/api.ts'
import { STALE } from '../../lib/stale.ts'

/** Keys other features own that a book switch changes: the account's active book and the record's rows. */
const ACCOUNT_KEY = ['account'] as const
const RECORDS_KEY = ['records'] as const

export const balanceQueries = {
  // The socket's balance_update invalidates ['balance'] (src/app/realtime.tsx).
  all: () => ['balance'] as const,
  current: (token: string | null) =>
    queryOptions({
      queryKey: [...balanceQueries.all(), 'current', token],
      queryFn: () => api(accountApi.getBalance),
      enabled: token !== null,
      staleTime: STALE.minute,
    }),
}

function useRefreshMoney() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([balanceQueries.all(), ACCOUNT_KEY, RECORDS_KEY].map((queryKey) => queryClient.invalidateQueries({ queryKey })))
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
