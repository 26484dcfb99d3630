import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { messagesApi, type MarkMessage } from '#contract/messages.ts'
import { api } from '../../lib/api.ts'
import { asUser } from '../../lib/private-query.ts'
import { userKeys, type UserId } from '../../lib/query-keys.ts'
import { getSession } from '../../lib/session.ts'
import { STALE } from '../../lib/stale.ts'

/** Messages per page in the notifications list. */
export const MESSAGE_PAGE_SIZE = 10

// The socket's new_message invalidates userKeys.messages (src/app/realtime.tsx), so the count and list refresh at once.
export const messageQueries = {
  unread: (userId: UserId) =>
    queryOptions({
      queryKey: [...userKeys.messages(userId), 'unread'],
      queryFn: asUser(userId, () => api(messagesApi.unreadCount)),
      staleTime: STALE.minute,
    }),
  list: (userId: UserId) =>
    infiniteQueryOptions({
      queryKey: [...userKeys.messages(userId), 'list'],
      queryFn: asUser(userId, ({ pageParam }: { pageParam: number }) =>
        api(messagesApi.myMessages, { query: { page: pageParam, size: MESSAGE_PAGE_SIZE } }),
      ),
      initialPageParam: 1,
      getNextPageParam: (last) => (last.page * last.size < last.total ? last.page + 1 : undefined),
      staleTime: STALE.minute,
    }),
}

export function useMarkMessages() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: MarkMessage) => api(messagesApi.markMessage, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.messages(getSession().userId) }),
  })
}
