import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { stakingApi, type AddAgreeMoney, type PledgeId } from '#contract/staking.ts'
import { api } from '../../lib/api.ts'
import { asUser } from '../../lib/private-query.ts'
import { userKeys, type UserId } from '../../lib/query-keys.ts'
import { getSession } from '../../lib/session.ts'
import { STALE } from '../../lib/stale.ts'

// Under the balance root: balance_update (an amount added, a reward, the bonus) and a book switch refresh it.
export const stakingQuery = (userId: UserId) =>
  queryOptions({
    queryKey: [...userKeys.balance(userId), 'staking'],
    queryFn: asUser(userId, () => api(stakingApi.mine)),
    staleTime: STALE.minute,
  })

type Call = typeof stakingApi.add | typeof stakingApi.apply | typeof stakingApi.receive | typeof stakingApi.withdraw

function useStakingMutation<B extends AddAgreeMoney | PledgeId>(endpoint: Call) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: B; idempotencyKey: string }) => api(endpoint, { body: body as never, idempotencyKey }),
    onSuccess: () => {
      const { userId } = getSession()
      return Promise.all([userKeys.balance(userId), userKeys.records(userId)].map((queryKey) => queryClient.invalidateQueries({ queryKey })))
    },
  })
}

export const useAddAgreeMoney = () => useStakingMutation<AddAgreeMoney>(stakingApi.add)
export const useApplyZyActive = () => useStakingMutation<PledgeId>(stakingApi.apply)
export const useReceiveZyActive = () => useStakingMutation<PledgeId>(stakingApi.receive)
export const useWithdrawZyActive = () => useStakingMutation<PledgeId>(stakingApi.withdraw)
