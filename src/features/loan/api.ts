// Loan calls. The offer sits under the KYC key, so a verification decision (kyc_update) refreshes it; the loans sit
// under the balance key, so an approval (balance_update) shows without a reload.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { loanAgreementPath, loansApi, type ApplyLoan, type Loan, type RepayLoan, type SignLoan } from '#contract/loans.ts'
import { api, ApiError, API_BASE } from '../../lib/api.ts'
import { asUser } from '../../lib/private-query.ts'
import { userKeys, type UserId } from '../../lib/query-keys.ts'
import { getSession } from '../../lib/session.ts'
import { STALE } from '../../lib/stale.ts'

const loanKeys = (userId: UserId) => [...userKeys.balance(userId), 'loans'] as const

export const loanQueries = {
  terms: (userId: UserId) =>
    queryOptions({ queryKey: [...userKeys.kyc(userId), 'loan-terms'], queryFn: asUser(userId, () => api(loansApi.terms)), staleTime: STALE.minute }),
  list: (userId: UserId) =>
    queryOptions({
      queryKey: [...loanKeys(userId), 'list'],
      queryFn: asUser(userId, () => api(loansApi.list, { query: { page: 1, size: 20 } })),
      staleTime: STALE.minute,
    }),
  /** The PDF as it stands; `signedAt` in the key, so a re-signed agreement is fetched anew. */
  agreement: (userId: UserId, id: string, signedAt: number | null) =>
    queryOptions({
      queryKey: [...userKeys.of(userId), 'loan-agreement', id, signedAt],
      queryFn: asUser(userId, ({ signal }: { signal?: AbortSignal }) => fetchAgreement(id, signal)),
      staleTime: Infinity,
    }),
}

function useLoanMutation<B>(call: (input: { body: B; idempotencyKey: string }) => Promise<Loan>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      const { userId } = getSession()
      return Promise.all([loanKeys(userId), userKeys.records(userId)].map((queryKey) => queryClient.invalidateQueries({ queryKey })))
    },
  })
}

export const useApplyLoan = () => useLoanMutation<ApplyLoan>(({ body, idempotencyKey }) => api(loansApi.apply, { body, idempotencyKey }))
export const useSignLoan = () => useLoanMutation<SignLoan>(({ body, idempotencyKey }) => api(loansApi.sign, { body, idempotencyKey }))
export const useRepayLoan = () => useLoanMutation<RepayLoan>(({ body, idempotencyKey }) => api(loansApi.repay, { body, idempotencyKey }))

/** The agreement PDF as a Blob: an <iframe src> cannot carry the Authorization header, so it is fetched with it. */
export async function fetchAgreement(id: string, signal?: AbortSignal): Promise<Blob> {
  const session = getSession()
  const response = await fetch(`${API_BASE}${loanAgreementPath(id).replace(/^\/api/, '')}`, {
    headers: { Authorization: session.token ?? '', Language: session.language },
    signal,
  })
  if (!response.ok) {
    const envelope = (await response.json().catch(() => null)) as { msg?: string } | null
    throw new ApiError(response.status, envelope?.msg ?? response.statusText)
  }
  return response.blob()
}
