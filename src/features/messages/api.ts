import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { messagesApi, type MarkMessage } from '#contract/messages.ts'
import { api } from '../../lib/api.ts'
import { STALE } from '../../lib/stale.ts'

/** Messages per page in the notifications list. */
export const MESSAGE_PAGE_SIZE = 10

// The socket's new_message invalidates ['messages'] (src/app/realtime.tsx), so the count and list refresh at once.
export const messageQueries = {
  all: () => ['messages'] as const,
  unread: (token: string | null) =>
    queryOptions({
      queryKey: [...messageQueries.all(), 'unread', token],
      queryFn: () => api(messagesApi.unreadCount),
      enabled: token !== null,
      staleTime: STALE.minute,
    }),
  list: (token: string | null) =>
    infiniteQueryOptions({
      queryKey: [...messageQueries.all(), 'list', token],
      queryFn: ({ pageParam }) => api(messagesApi.myMessages, { query: { page: pageParam, size: MESSAGE_PAGE_SIZE } }),
      initialPageParam: 1,
      getNextPageParam: (last) => (last.page * last.size < last.total ? last.page + 1 : undefined),
      enabled: token !== null,
      staleTime: STALE.minute,
    }),
}

export function useMarkMessages() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: MarkMessage) => api(messagesApi.markMessage, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageQueries.all() }),
  })
}
