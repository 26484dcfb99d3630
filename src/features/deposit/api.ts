// Deposit calls. The user's deposits live under userKeys.deposits (inside the balance root), which the socket's
// deposit_update and balance_update refresh (src/app/realtime.tsx), so "n of m confirmations" moves without a reload.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { depositsApi, type CreateRechargePlat, type NetworkChoice } from '#contract/deposits.ts'
import { fundsApi } from '#contract/funds.ts'
import { sendingAddressesApi, type ProveSendingAddress } from '#contract/sending-addresses.ts'
import { uploadsApi } from '#contract/uploads.ts'
import { api } from '../../lib/api.ts'
import { asUser } from '../../lib/private-query.ts'
import { publicKeys, userKeys, type UserId } from '../../lib/query-keys.ts'
import { STALE } from '../../lib/stale.ts'

export const depositQueries = {
  networks: () =>
    queryOptions({ queryKey: [...publicKeys.funds(), 'networks'], queryFn: () => api(fundsApi.currencyNetList), staleTime: STALE.minute }),
  /** The receiving address and terms of one currency on one network (POST, but it changes nothing). */
  instructions: (userId: UserId, choice: NetworkChoice) =>
    queryOptions({
      queryKey: [...userKeys.deposits(userId), 'instructions', choice.currency, choice.network],
      queryFn: asUser(userId, () => api(depositsApi.initRechargeCode, { body: choice })),
      staleTime: STALE.minute,
    }),
  /** The QR code of an address, as SVG text; the qrcode package loads only when a deposit screen shows one. */
  qr: (text: string) =>
    queryOptions({
      queryKey: ['deposit-qr', text],
      queryFn: async () => (await import('qrcode')).toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }),
      staleTime: Infinity,
    }),
  mine: (userId: UserId) =>
    queryOptions({
      queryKey: [...userKeys.deposits(userId), 'list'],
      queryFn: asUser(userId, () => api(depositsApi.myDeposits, { query: { page: 1, size: 20 } })),
      staleTime: STALE.minute,
    }),
  /** The sign-in wallet and the addresses the user proved by signing (claims from them are credited once checked). */
  sending: (userId: UserId) =>
    queryOptions({
      queryKey: [...userKeys.deposits(userId), 'sending'],
      queryFn: asUser(userId, () => api(sendingAddressesApi.list)),
      staleTime: STALE.minute,
    }),
}

/** A one-time message for an address, to be signed with it. */
export const askToSign = (address: string) => api(sendingAddressesApi.challenge, { body: { address } })

export function useAddSendingAddress(userId: UserId) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: ProveSendingAddress) => api(sendingAddressesApi.add, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: depositQueries.sending(userId).queryKey }),
  })
}

export function useRemoveSendingAddress(userId: UserId) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (address: string) => api(sendingAddressesApi.remove, { body: { address } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: depositQueries.sending(userId).queryKey }),
  })
}

/** The claim's screenshot, stored before the claim is sent (purpose first: the server reads it before the file). */
export function uploadProof(file: File) {
  const form = new FormData()
  form.append('purpose', 'deposit')
  form.append('file', file, file.name)
  return api(uploadsApi.imgUpload, { form })
}

export function useClaimDeposit(userId: UserId) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: CreateRechargePlat; idempotencyKey: string }) =>
      api(depositsApi.createRechargePlat, { body, idempotencyKey }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.balance(userId) }),
  })
}
