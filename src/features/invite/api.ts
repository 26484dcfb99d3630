import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { inviteApi } from '#contract/invite.ts'
import { api } from '../../lib/api.ts'
import { STALE } from '../../lib/stale.ts'

export const inviteQueries = {
  all: () => ['invite'] as const,
  code: (token: string | null) =>
    queryOptions({
      queryKey: [...inviteQueries.all(), 'code', token],
      queryFn: () => api(inviteApi.userInviteCode),
      enabled: token !== null,
      staleTime: STALE.minute,
    }),
  /** The QR code of a link as an SVG string; the qrcode package loads only here, off the first visit. */
  qr: (text: string) =>
    queryOptions({
      queryKey: [...inviteQueries.all(), 'qr', text],
      queryFn: async () => (await import('qrcode')).toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }),
      staleTime: STALE.forever,
    }),
}

export function useApplyInviteCode() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (code: string) => api(inviteApi.updateUpLevel, { body: { code } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inviteQueries.all() }),
  })
}
