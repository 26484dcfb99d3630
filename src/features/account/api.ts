import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { authApi } from '#contract/auth.ts'
import { api } from '../../lib/api.ts'
import { clearToken } from '../../lib/session.ts'

export const accountQueries = {
  all: () => ['account'] as const,
  info: (token: string | null) =>
    queryOptions({
      queryKey: [...accountQueries.all(), 'info', token],
      queryFn: () => api(authApi.myAccountInfo),
      enabled: token !== null,
    }),
}

/** Revokes the token on the server, then forgets it here; private data leaves the cache. */
export function useSignOut() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => api(authApi.loginOut, { body: {} }),
    onSettled: async () => {
      clearToken()
      queryClient.removeQueries({ queryKey: accountQueries.all() })
      if ('caches' in window) {
        for (const name of await caches.keys()) if (name.startsWith('keelson-runtime')) await caches.delete(name)
      }
    },
  })
}
