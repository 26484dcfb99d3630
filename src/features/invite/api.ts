import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { inviteApi } from '#contract/invite.ts'
import { api } from '../../lib/api.ts'
import { asUser } from '../../lib/private-query.ts'
import { userKeys, type UserId } from '../../lib/query-keys.ts'
import { getSession } from '../../lib/session.ts'
import { STALE } from '../../lib/stale.ts'

export const inviteQueries = {
  code: (userId: UserId) =>
    queryOptions({
      queryKey: [...userKeys.invite(userId), 'code'],
      queryFn: asUser(userId, () => api(inviteApi.userInviteCode)),
      staleTime: STALE.minute,
    }),
  /**
   * The QR code of the user's invite link as an SVG string; private like the link it encodes. The qrcode package
   * loads only here, off the first visit.
   */
  qr: (userId: UserId, text: string) =>
    queryOptions({
      queryKey: [...userKeys.invite(userId), 'qr', text],
      queryFn: asUser(userId, async () => (await import('qrcode')).toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' })),
      staleTime: STALE.forever,
    }),
}

export function useApplyInviteCode() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (code: string) => api(inviteApi.updateUpLevel, { body: { code } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.invite(getSession().userId) }),
  })
}
