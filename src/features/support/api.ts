import { useState } from 'react'
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { supportApi, type SupportAttachment } from '#contract/support.ts'
import { uploadsApi } from '#contract/uploads.ts'
import { api, API_BASE } from '../../lib/api.ts'
import { operationKeys } from '../../lib/operation-keys.ts'
import { asUser } from '../../lib/private-query.ts'
import { userKeys, type UserId } from '../../lib/query-keys.ts'
import { sendForm, type Progress } from '../../lib/send-form.ts'
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

/** A picture for the chat, stored as the user's upload for support (re-encoded by the server), with progress. */
export async function uploadSupportPicture(file: File, onProgress: Progress, signal: AbortSignal): Promise<SupportAttachment> {
  const form = new FormData()
  // The purpose first: the server reads it before the file.
  form.append('purpose', 'support')
  form.append('file', file, file.name)
  const upload = await sendForm<{ id: string; width: number; height: number }>(`${API_BASE}${uploadsApi.imgUpload.path}`, form, getSession().token, onProgress, signal)
  return { id: upload.id, width: upload.width, height: upload.height }
}

export type Outgoing = { body: string; attachmentId?: string | undefined }

/** Sends with a client key kept for every retry of the same message, so a retried send is stored once. */
export function useSendSupportMessage() {
  const queryClient = useQueryClient()
  const [keys] = useState(operationKeys)
  return useMutation({
    mutationFn: (message: Outgoing) => api(supportApi.send, { body: { ...message, clientKey: keys.keyFor(message) } }),
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
