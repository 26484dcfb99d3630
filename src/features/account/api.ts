import { queryOptions, useMutation } from '@tanstack/react-query'
import { authApi } from '#contract/auth.ts'
import { api } from '../../lib/api.ts'
import { asUser } from '../../lib/private-query.ts'
import { userKeys, type UserId } from '../../lib/query-keys.ts'
import { endSession } from '../../lib/session-lifecycle.ts'

export const accountQueries = {
  info: (userId: UserId) =>
    queryOptions({
      queryKey: [...userKeys.account(userId), 'info'],
      queryFn: asUser(userId, () => api(authApi.myAccountInfo)),
    }),
}

/** Revokes the token on the server and forgets it here; src/app/private-data.ts then clears every private query. */
export function useSignOut() {
  return useMutation({ mutationFn: endSession })
}
