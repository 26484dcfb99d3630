// A money-moving request from a sheet (docs/api.md): the body goes with its Idempotency-Key (src/lib/operation-keys.ts
// makes them), and once the server has moved the money the user's balance and records are fetched again, so every
// screen under the balance root shows the new figures without a reload.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { BodyOf, Endpoint } from '#contract/endpoint.ts'
import { api } from './api.ts'
import { userKeys } from './query-keys.ts'
import { getSession } from './session.ts'

export function useMoneyMutation<E extends Endpoint>(endpoint: E) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: BodyOf<E>; idempotencyKey: string }) => api(endpoint, { body, idempotencyKey }),
    onSuccess: () => {
      const { userId } = getSession()
      return Promise.all([userKeys.balance(userId), userKeys.records(userId)].map((queryKey) => queryClient.invalidateQueries({ queryKey })))
    },
  })
}
