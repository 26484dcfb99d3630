// Node staking through HTTP on the database (PGlite, or PostgreSQL with DATABASE_URL): an operator defines an activity
// and funds the reserve; a user adds amounts until the agreed amount is reached, applies for activation, receives the
// bonus once, earns each day's reward once (two runs, catch-up), and gets the amount back at the end or withdraws for
// exactly the disclosed amount. Every refusal changes nothing; the books and sub-ledgers reconcile after each test.
// The activity of most tests: agreed 1 000 USDT, bonus 10, 5 days at 0.2 % a day (2 USDT a day on 1 000), 5 % kept on
// a withdrawal after activation.
import { randomUUID } from 'node:crypto'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { AuditEntry } from '#contract/ops.ts'
import type { OpsActivity } from '#contract/ops-staking.ts'
import type { MyPledgeActive } from '#contract/staking.ts'
import { dec } from '#contract/trading-math.ts'
import { owedPerUser } from '../../ledger/liabilities.ts'
import { accrueStaking } from './staking.accrual.ts'
import { stakingTestApp, type StakingTest } from './test-staking.ts'

let t: StakingTest
let activityId: string
beforeAll(async () => {
  t = await stakingTestApp()
  activityId = (await t.activity()).id
  await t.fund('demo', '100000')
  await t.fund('live', '100000')
})
afterAll(async () => t?.app.close())
afterEach(async () => t.reconciled())

const accrueNow = () => accrueStaking(t.app.db, t.clock.now)

/** A demo user with an activated pledge of `amount`. */
async function activated(amount = '1000') {
  const u = await t.user()
  const added = t.view(await t.add(u.token, activityId, amount))
  const id = added.pledge!.id
  expect((await t.act('applyZyActive', u.token, id)).status).toBe(200)
  return { ...u, id }
}

describe('GET /api/getMyPledgeActive', () => {
  it('lists the activity with every number and no claim about nodes', async () => {
    const { token } = await t.user()
    const res = await t.get('/api/getMyPledgeActive', token)
    expect(res.status).toBe(200)
    const data = res.body.data as MyPledgeActive
    expect(data.book).toBe('demo')
    expect(data.list.find((a) => a.id === activityId)).toMatchObject({
      agreedAmount: '1000', bonus: '10', days: 5, dailyRate: '0.002', exitShare: '0.05', nodeStatement: null, status: 'active', soldOut: false, pledge: null,
    })
  })
  it('answers 401 without a token', async () => {
    expect((await t.get('/api/getMyPledgeActive')).status).toBe(401)
  })
})

describe('POST /api/addAgreeMoney', () => {
  it('moves the amount into staking, earmarks rewards and bonus, and says not reached, then reached', async () => {
    const { token } = await t.user()
    const before = await t.reserve('demo')
    const first = await t.add(token, activityId, '400')
    expect(first.status).toBe(200)
    expect(t.view(first).pledge).toMatchObject({ status: 'collecting', addAmount: '400', reached: false, withdrawAmount: '400', totalYield: '0' })
    expect(await t.usdt(token)).toMatchObject({ available: '9600', locked: '400' })
    const second = t.view(await t.add(token, activityId, '600'))
    expect(second.pledge).toMatchObject({ addAmount: '1000', reached: true, rewards: '2' })
    const after = await t.reserve('demo')
    // 2 a day × 5 days + the 10 bonus.
    expect(dec(before!.free).minus(after!.free).toFixed()).toBe('20')
  })
  it('answers a repeated key with the first answer and moves the money once', async () => {
    const { token } = await t.user()
    const key = randomUUID()
    const a = await t.add(token, activityId, '300', key)
    const b = await t.add(token, activityId, '300', key)
    expect(b.status).toBe(200)
    expect(t.view(b).pledge!.addAmount).toBe('300')
    expect(t.view(a).pledge!.id).toBe(t.view(b).pledge!.id)
    expect(await t.usdt(token)).toMatchObject({ available: '9700' })
  })
  it('refuses an empty, malformed or too precise amount with 400 and moves nothing', async () => {
    const { token } = await t.user()
    const empty = await t.add(token, activityId, '')
    expect(empty.status).toBe(400)
    expect(empty.body.msg).toBe('Enter an amount to add')
    expect((await t.add(token, activityId, '1.1234567')).status).toBe(400)
    expect((await t.add(token, 'abc', '10')).status).toBe(400)
    expect((await t.add(token, activityId, '10', null)).status).toBe(400)
    expect(await t.usdt(token)).toMatchObject({ available: '10000' })
  })
  it('answers 401 without a token and 404 for an unknown activity', async () => {
    expect((await t.add(undefined, activityId, '10')).status).toBe(401)
    const { token } = await t.user()
    expect((await t.add(token, '999999', '10')).status).toBe(404)
  })
  it('answers 409 for more than the user has', async () => {
    const { token } = await t.user()
    expect((await t.add(token, activityId, '20000')).status).toBe(409)
  })
  it('answers 409 sold out when the reserve cannot cover the rewards and bonus, and moves nothing', async () => {
    // A bonus one more than the whole free demo reserve (a shared database keeps earlier runs' funding).
    const free = (await t.reserve('demo'))!.free
    const big = await t.activity({ dailyRate: '0.1', days: 10, bonus: dec(free).plus(1).toFixed() })
    const { token } = await t.user()
    const res = await t.add(token, big.id, '100')
    expect(res.status).toBe(409)
    expect(res.body.msg).toMatch(/Sold out/)
    expect(await t.usdt(token)).toMatchObject({ available: '10000' })
    expect((await t.mine(token, big.id)).soldOut).toBe(true)
  })
  it('answers 409 on a paused activity', async () => {
    const paused = await t.activity()
    expect((await t.ops('/api/ops/staking/activities/status', { id: paused.id, status: 'paused' })).status).toBe(200)
    const { token } = await t.user()
    expect((await t.add(token, paused.id, '100')).status).toBe(409)
  })
})

describe('POST /api/applyZyActive', () => {
  it('refuses before the agreed amount (409), then activates: application successful', async () => {
    const { token } = await t.user()
    const id = t.view(await t.add(token, activityId, '999')).pledge!.id
    const early = await t.act('applyZyActive', token, id)
    expect(early.status).toBe(409)
    expect(early.body.msg).toBe('The agreed amount is not reached yet')
    await t.add(token, activityId, '1')
    const res = await t.act('applyZyActive', token, id)
    expect(res.status).toBe(200)
    expect(t.view(res).pledge).toMatchObject({ status: 'active', reached: true, withdrawAmount: '950', runDays: 0 })
    // Applied: no more amounts, and not twice.
    expect((await t.add(token, activityId, '5')).status).toBe(409)
    expect((await t.act('applyZyActive', token, id)).status).toBe(409)
  })
  it('answers a repeated key with the first answer', async () => {
    const { token } = await t.user()
    const id = t.view(await t.add(token, activityId, '1000')).pledge!.id
    const key = randomUUID()
    expect((await t.act('applyZyActive', token, id, key)).status).toBe(200)
    const again = await t.act('applyZyActive', token, id, key)
    expect(again.status).toBe(200)
    expect(t.view(again).pledge!.status).toBe('active')
  })
  it('answers 401, 400 for a malformed id and 404 for another user\'s pledge', async () => {
    const owner = await t.user()
    const id = t.view(await t.add(owner.token, activityId, '1000')).pledge!.id
    const other = await t.user()
    expect((await t.act('applyZyActive', undefined, id)).status).toBe(401)
    expect((await t.act('applyZyActive', other.token, 'x')).status).toBe(400)
    expect((await t.act('applyZyActive', other.token, id)).status).toBe(404)
  })
})

describe('POST /api/receiveZyActive', () => {
  it('pays the bonus exactly once from the earmarked reserve', async () => {
    const u = await activated()
    const key = randomUUID()
    const res = await t.act('receiveZyActive', u.token, u.id, key)
    expect(res.status).toBe(200)
    expect(t.view(res).pledge!.bonusReceived).toBe(true)
    expect(await t.usdt(u.token)).toMatchObject({ available: '9010', locked: '1000' })
    // The same request again answers the same; a new request is refused.
    expect((await t.act('receiveZyActive', u.token, u.id, key)).status).toBe(200)
    const again = await t.act('receiveZyActive', u.token, u.id)
    expect(again.status).toBe(409)
    expect(again.body.msg).toBe('The bonus has already been received')
    expect(await t.usdt(u.token)).toMatchObject({ available: '9010' })
  })
  it('refuses before activation (409), another user\'s (404), unsigned (401)', async () => {
    const { token } = await t.user()
    const id = t.view(await t.add(token, activityId, '1000')).pledge!.id
    expect((await t.act('receiveZyActive', token, id)).status).toBe(409)
    expect((await t.act('receiveZyActive', (await t.user()).token, id)).status).toBe(404)
    expect((await t.act('receiveZyActive', undefined, id)).status).toBe(401)
  })
})

describe('the daily reward', () => {
  it('credits each day once across two runs, catches up missed days, and returns the amount at the end', async () => {
    const u = await activated()
    await t.act('receiveZyActive', u.token, u.id)
    t.days(1)
    await accrueNow()
    expect((await accrueNow()).credited).toBe(0)
    expect((await t.mine(u.token, activityId)).pledge).toMatchObject({ runDays: 1, todayYield: '2', totalYield: '2' })
    expect(await t.usdt(u.token)).toMatchObject({ available: '9012' })
    // Three days missed: caught up one day per step, each once.
    t.days(3)
    const caught = await accrueNow()
    expect(caught.steps).toBe(3)
    expect((await t.mine(u.token, activityId)).pledge).toMatchObject({ runDays: 4, totalYield: '8' })
    t.days(1)
    await accrueNow()
    const ended = (await t.mine(u.token, activityId)).pledge!
    expect(ended).toMatchObject({ status: 'completed', runDays: 5, totalYield: '10', returned: '1000' })
    // 1 000 back, 10 rewards, 10 bonus.
    expect(await t.usdt(u.token)).toMatchObject({ available: '10020', locked: '0' })
    expect((await accrueNow()).credited).toBe(0)
  })
  it('pays a bonus not received with the amount at the end', async () => {
    const u = await activated()
    t.days(6)
    await accrueNow()
    expect((await t.mine(u.token, activityId)).pledge).toMatchObject({ status: 'completed', bonusReceived: true })
    expect(await t.usdt(u.token)).toMatchObject({ available: '10020' })
    expect((await t.act('receiveZyActive', u.token, u.id)).status).toBe(409)
  })
  it('runs on the leader and never twice from two processes at once', async () => {
    const u = await activated()
    t.days(2)
    await Promise.all([accrueNow(), accrueNow()])
    expect((await t.mine(u.token, activityId)).pledge).toMatchObject({ runDays: 2, totalYield: '4' })
    expect(await t.usdt(u.token)).toMatchObject({ available: '9004' })
  })
})

describe('POST /api/withdrawZyActive', () => {
  it('before activation gives back the whole amount and frees the earmark', async () => {
    const { token } = await t.user()
    const before = await t.reserve('demo')
    const id = t.view(await t.add(token, activityId, '500')).pledge!.id
    const res = await t.act('withdrawZyActive', token, id)
    expect(res.status).toBe(200)
    expect(t.view(res).pledge).toMatchObject({ status: 'withdrawn', returned: '500' })
    expect(await t.usdt(token)).toMatchObject({ available: '10000', locked: '0' })
    expect((await t.reserve('demo'))!.free).toBe(before!.free)
  })
  it('after activation gives back exactly the disclosed amount; rewards and bonus stay', async () => {
    const u = await activated()
    await t.act('receiveZyActive', u.token, u.id)
    t.days(1)
    await accrueNow()
    const disclosed = (await t.mine(u.token, activityId)).pledge!.withdrawAmount
    expect(disclosed).toBe('950')
    const res = await t.act('withdrawZyActive', u.token, u.id)
    expect(t.view(res).pledge!.returned).toBe(disclosed)
    // 9 000 + 10 bonus + 2 reward + 950.
    expect(await t.usdt(u.token)).toMatchObject({ available: '9962', locked: '0' })
    expect((await t.act('withdrawZyActive', u.token, u.id)).status).toBe(409)
    t.days(1)
    await accrueNow()
    expect(await t.usdt(u.token)).toMatchObject({ available: '9962', locked: '0' })
  })
  it('pays a repeated request once', async () => {
    const { token } = await t.user()
    const id = t.view(await t.add(token, activityId, '700')).pledge!.id
    const key = randomUUID()
    const first = await t.act('withdrawZyActive', token, id, key)
    const again = await t.act('withdrawZyActive', token, id, key)
    expect([first.status, again.status]).toEqual([200, 200])
    expect(t.view(again).pledge!.returned).toBe('700')
    expect(await t.usdt(token)).toMatchObject({ available: '10000', locked: '0' })
  })
  it('answers 404 for another user\'s pledge and 401 unsigned', async () => {
    const u = await activated()
    expect((await t.act('withdrawZyActive', (await t.user()).token, u.id)).status).toBe(404)
    expect((await t.act('withdrawZyActive', undefined, u.id)).status).toBe(401)
  })
})

describe('the live book and the proof of liabilities', () => {
  it('counts a staked amount among the user\'s liabilities', async () => {
    const u = await t.user('2000')
    expect((await t.add(u.token, activityId, '1500')).status).toBe(200)
    const owed = await owedPerUser(t.app.db, 'live')
    const mine = owed.find((o) => o.userId === u.id && o.currency === 'USDT')!
    expect(dec(mine.units).div(dec('10').pow(mine.scale)).toFixed()).toBe('2000')
  })
})

describe('the console', () => {
  it('defines an activity with a node statement only with its evidence, pauses and closes it, all audited', async () => {
    const bad = await t.ops('/api/ops/staking/activities/create', { names: { en_US: 'N' }, agreedAmount: '1', bonus: '0', days: 1, dailyRate: '0', exitShare: '0', nodeStatement: { text: 'We run 3 validators', evidenceUrl: 'not a link' } })
    expect(bad.status).toBe(400)
    const made = await t.activity({ nodeStatement: { text: 'We run 3 validators', evidenceUrl: 'https://example.org/validators' } })
    expect(made.nodeStatement).toEqual({ text: 'We run 3 validators', evidenceUrl: 'https://example.org/validators' })
    expect(((await t.ops('/api/ops/staking/activities/status', { id: made.id, status: 'closed' })).body.data as OpsActivity).status).toBe('closed')
    expect((await t.ops('/api/ops/staking/activities/status', { id: made.id, status: 'active' })).status).toBe(409)
    expect((await t.ops('/api/ops/staking/activities/status', { id: '999999', status: 'paused' })).status).toBe(404)
    const audit = (await t.get(`/api/ops/audit?subject=staking-activity:${made.id}`, await t.admin())).body.data as { list: AuditEntry[] }
    expect(audit.list.map((e) => e.action).sort()).toEqual(['staking.createActivity', 'staking.setActivityStatus'])
  })
})
