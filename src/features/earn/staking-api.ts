import { queryOptions } from '@tanstack/react-query'
import { stakingApi } from '#contract/staking.ts'
import { api } from '../../lib/api.ts'
import { asUser } from '../../lib/private-query.ts'
import { useMoneyMutation } from '../../lib/money-mutation.ts'
import { userKeys, type UserId } from '../../lib/query-keys.ts'
import { STALE } from '../../lib/stale.ts'

// Under the balance root: balance_update (an amount added, a reward, the bonus) and a book switch refresh it.
export const stakingQuery = (userId: UserId) =>
  queryOptions({
    queryKey: [...userKeys.balance(userId), 'staking'],
    queryFn: asUser(userId, () => api(stakingApi.mine)),
    staleTime: STALE.minute,
  })

export const useAddAgreeMoney = () => useMoneyMutation(stakingApi.add)
export const useApplyZyActive = () => useMoneyMutation(stakingApi.apply)
export const useReceiveZyActive = () => useMoneyMutation(stakingApi.receive)
export const useWithdrawZyActive = () => useMoneyMutation(stakingApi.withdraw)
