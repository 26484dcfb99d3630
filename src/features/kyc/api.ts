// Identity verification calls. The status is cached under userKeys.kyc, which the socket's kyc_update refreshes
// (src/app/realtime.tsx): an operator's decision shows without a reload. A picture is uploaded as soon as it is
// picked, so the form only sends ids.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { kycApi, type KycForm } from '#contract/kyc.ts'
import { uploadsApi } from '#contract/uploads.ts'
import { api } from '../../lib/api.ts'
import { asUser } from '../../lib/private-query.ts'
import { userKeys, type UserId } from '../../lib/query-keys.ts'

export const kycQueries = {
  status: (userId: UserId) => queryOptions({ queryKey: userKeys.kyc(userId), queryFn: asUser(userId, () => api(kycApi.query)) }),
}

export function uploadPicture(file: Blob, name: string, signal?: AbortSignal) {
  const form = new FormData()
  // The purpose first: the server reads the fields before the file.
  form.append('purpose', 'kyc')
  form.append('file', file, name)
  return api(uploadsApi.imgUpload, { form, signal })
}

export function useSubmitKyc(userId: UserId) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: KycForm) => api(kycApi.create, { body }),
    onSuccess: (status) => queryClient.setQueryData(userKeys.kyc(userId), status),
  })
}
