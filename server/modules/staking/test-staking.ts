// Shared by the staking tests: the earn test app (clock, operators, reserve, users) plus an activity made through the
// console's endpoint and the user's calls.
import { randomUUID } from 'node:crypto'
import type { OpsActivity, OpsActivityInput } from '#contract/ops-staking.ts'
import type { MyPledgeActive, PledgeActivity } from '#contract/staking.ts'
import { earnTestApp } from '../earn/test-earn.ts'

export type StakingTest = Awaited<ReturnType<typeof stakingTestApp>>

export async function stakingTestApp() {
  const t = await earnTestApp()
  async function activity(input: Partial<OpsActivityInput> = {}): Promise<OpsActivity> {
    const body = {
      names: { en_US: 'Validator 5', de_DE: 'Validator 5' },
      agreedAmount: '1000',
      bonus: '10',
      days: 5,
      dailyRate: '0.002',
      exitShare: '0.05',
      ...input,
    }
    const res = await t.ops('/api/ops/staking/activities/create', body)
    if (res.status !== 200) throw new Error(`activity: ${JSON.stringify(res.body)}`)
    return res.body.data as OpsActivity
  }
  const add = (token: string | undefined, activityId: string, amount: string | undefined, key: string | null = randomUUID()) =>
    t.post('/api/addAgreeMoney', token, { activityId, amount }, key)
  const act = (path: 'applyZyActive' | 'receiveZyActive' | 'withdrawZyActive', token: string | undefined, id: string, key: string | null = randomUUID()) =>
    t.post(`/api/${path}`, token, { id }, key)
  const mine = async (token: string, activityId: string) =>
    ((await t.get('/api/getMyPledgeActive', token)).body.data as MyPledgeActive).list.find((a) => a.id === activityId)!
  const view = (res: { body: { data: unknown } }) => res.body.data as PledgeActivity
  return { ...t, activity, add, act, mine, view }
}
