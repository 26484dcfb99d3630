import { queryOptions, useMutation } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { authApi } from '#contract/auth.ts'
import { api } from '../../lib/api.ts'
import { asUser } from '../../lib/private-query.ts'
import { userKeys, type UserId } from '../../lib/query-keys.ts'
import { signOut } from '../../lib/session-lifecycle.ts'

export const accountQueries = {
  info: (userId: UserId) =>
    queryOptions({
      queryKey: [...userKeys.account(userId), 'info'],
      queryFn: asUser(userId, () => api(authApi.myAccountInfo)),
    }),
}

/**
 * "Sign out": revokes the token on the server, forgets it, the address and every private query, disconnects the
 * wallet, and lands on the signed-out home. It never asks the wallet to sign; the user signs in when they choose to.
 */
export function useSignOut() {
  const navigate = useNavigate()
  return useMutation({ mutationFn: signOut, onSettled: () => void navigate({ to: '/', replace: true }) })
}
