import { useState } from 'react'
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { supportApi } from '#contract/support.ts'
import { api } from '../../lib/api.ts'
import { operationKeys } from '../../lib/operation-keys.ts'
import { asUser } from '../../lib/private-query.ts'
import { userKeys, type UserId } from '../../lib/query-keys.ts'
import { getSession } from '../../lib/session.ts'
import { STALE } from '../../lib/stale.ts'

/** Messages per page of the conversation. */
export const SUPPORT_PAGE_SIZE = 30

// The socket's support_message invalidates userKeys.support (src/app/realtime.tsx): replies appear without a reload.
export const supportQueries = {
  /** Which chat the page shows: the same for everyone, and changed only by a restart with other settings. */
  provider: () =>
    queryOptions({
      queryKey: ['support', 'provider'],
      queryFn: () => api(supportApi.provider),
      staleTime: STALE.hour,
    }),
  unread: (userId: UserId) =>
    queryOptions({
      queryKey: [...userKeys.support(userId), 'unread'],
      queryFn: asUser(userId, () => api(supportApi.unread)),
      staleTime: STALE.minute,
    }),
  chat: (userId: UserId) =>
    infiniteQueryOptions({
      queryKey: [...userKeys.support(userId), 'chat'],
      queryFn: asUser(userId, ({ pageParam }: { pageParam: number }) => api(supportApi.chat, { query: { page: pageParam, size: SUPPORT_PAGE_SIZE } })),
      initialPageParam: 1,
      getNextPageParam: (last) => (last.page * last.size < last.total ? last.page + 1 : undefined),
      staleTime: STALE.minute,
    }),
}

const refreshSupport = (queryClient: ReturnType<typeof useQueryClient>) =>
  queryClient.invalidateQueries({ queryKey: userKeys.support(getSession().userId) })

/** Sends with a client key kept for every retry of the same text, so a retried send is stored once. */
export function useSendSupportMessage() {
  const queryClient = useQueryClient()
  const [keys] = useState(operationKeys)
  return useMutation({
    mutationFn: (body: string) => api(supportApi.send, { body: { body, clientKey: keys.keyFor(body) } }),
    onSettled: (_data, error) => {
      keys.settled(error)
      return refreshSupport(queryClient)
    },
  })
}

export function useMarkSupportRead() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => api(supportApi.markRead, { body: {} }),
    onSuccess: () => refreshSupport(queryClient),
  })
}
