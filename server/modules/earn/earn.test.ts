// Smart plans through HTTP on the database (PGlite, or PostgreSQL with DATABASE_URL): operators define a plan and fund
// the reserve; a user buys with an amount, earns each day once, gets the principal back at expiry or leaves early for
// exactly the disclosed amount. Every refusal changes nothing, and the books (with the earn sub-ledger) reconcile
// after each test. The plan of most tests: 3 days, 1.2 % a day, 10 % early-exit damages, 100 to 5 000 USDT.
import { randomUUID } from 'node:crypto'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { SmartOrder, SmartPlans } from '#contract/earn.ts'
import type { AuditEntry } from '#contract/ops.ts'
import { dec } from '#contract/trading-math.ts'
import { leaderJobs } from '../../jobs/jobs.ts'
import { createJobRunner } from '../../jobs/runner.ts'
import { owedPerUser } from '../../ledger/liabilities.ts'
import { accrue } from './accrual.ts'
import { DAY_MS } from './clock.ts'
import { earnTestApp, type EarnTest } from './test-earn.ts'

let t: EarnTest
let planId: string
beforeAll(async () => {
  t = await earnTestApp()
  planId = (await t.plan()).id
  await t.fund('demo', '100000')
  await t.fund('live', '100000')
})
afterAll(async () => t?.app.close())
afterEach(async () => t.reconciled())

const order = (res: { body: { data: unknown } }) => res.body.data as SmartOrder
const accrueNow = () => accrue(t.app.db, t.clock.now)

describe('GET /api/getSmartPlans', () => {
  it('lists the plan with every number, on the caller\'s book', async () => {
    const { token } = await t.user()
    const res = await t.get('/api/getSmartPlans', token)
    expect(res.status).toBe(200)
    const data = res.body.data as SmartPlans
    expect(data.book).toBe('demo')
    expect(data.plans.find((p) => p.id === planId)).toMatchObject({
      names: { en_US: 'Steady 3', de_DE: 'Stetig 3' }, days: 3, minAmount: '100', maxAmount: '5000', dailyRate: '0.012', cycle: 'daily', exitShare: '0.1', status: 'active', soldOut: false,
    })
  })
  it('answers 401 without a token', async () => {
    expect((await t.get('/api/getSmartPlans')).status).toBe(401)
  })
})

describe('POST /api/keepProd', () => {
  it('moves 1 000 USDT of the demo book into the plan and earmarks its 36 USDT of earnings', async () => {
    const { token } = await t.user()
    const before = await t.reserve('demo')
    const res = await t.buy(token, planId, '1000')
    expect(res.status).toBe(200)
    expect(order(res)).toMatchObject({
      book: 'demo', amount: '1000', daily: '12', days: 3, totalAtExpiry: '1036', exitDamages: '100', exitReturn: '900', runDays: 0, todayEarnings: '0', totalRevenue: '0', status: 'running',
    })
    expect(await t.usdt(token)).toMatchObject({ available: '9000', locked: '1000' })
    const after = await t.reserve('demo')
    expect(dec(before!.free).minus(after!.free).toFixed()).toBe('36')
    expect(dec(after!.earmarked).minus(before!.earmarked).toFixed()).toBe('36')
  })

  it('answers 400 "enter Smart amount" on an empty amount, and 400 outside the range, moving nothing', async () => {
    const { token } = await t.user()
    for (const amount of [undefined, '', '  ']) {
      const res = await t.buy(token, planId, amount)
      expect(res.status).toBe(400)
      expect(res.body.msg).toBe('enter Smart amount')
    }
    const low = await t.buy(token, planId, '99.99')
    expect(low.status).toBe(400)
    expect(low.body.msg).toBe('Enter an amount from 100 to 5,000 USDT')
    expect((await t.buy(token, planId, '5000.01')).status).toBe(400)
    expect((await t.buy(token, planId, '100.0000001')).status).toBe(400)
    expect((await t.buy(token, 'abc', '100')).status).toBe(400)
    expect((await t.buy(token, '999999999', '100')).status).toBe(404)
    expect(await t.usdt(token)).toMatchObject({ available: '10000', locked: '0' })
    expect(await t.mine(token)).toEqual([])
  })

  it('answers 401 without a token and 400 without an Idempotency-Key', async () => {
    expect((await t.buy(undefined as unknown as string, planId, '100')).status).toBe(401)
    const { token } = await t.user()
    expect((await t.post('/api/keepProd', token, { planId, amount: '100' }, null)).status).toBe(400)
  })

  it('buys once for a repeated Idempotency-Key', async () => {
    const { token } = await t.user()
    const key = randomUUID()
    const first = await t.buy(token, planId, '500', key)
    const again = await t.buy(token, planId, '500', key)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(order(again).id).toBe(order(first).id)
    expect(await t.mine(token)).toHaveLength(1)
    expect(await t.usdt(token)).toMatchObject({ available: '9500', locked: '500' })
  })

  it('answers 409 "sold out" when the reserve cannot cover the earnings, and nothing moves', async () => {
    // 100 % a day for 3 650 days on up to 10^7: earnings no test run's funding could ever cover.
    const huge = await t.plan({ days: 3650, dailyRate: '1', minAmount: '1', maxAmount: '10000000' })
    const { token } = await t.user('10000000')
    const plans = (await t.get('/api/getSmartPlans', token)).body.data as SmartPlans
    expect(plans.plans.find((p) => p.id === huge.id)?.soldOut).toBe(false)
    const before = await t.reserve('live')
    const res = await t.buy(token, huge.id, '10000000')
    expect(res.status).toBe(409)
    expect(res.body.msg).toMatch(/^Sold out/)
    expect(await t.usdt(token)).toMatchObject({ available: '10000000', locked: '0' })
    expect(await t.reserve('live')).toMatchObject({ free: before!.free, earmarked: before!.earmarked })
  })

  it('refuses a paused plan with 409 and a closed one is no longer listed', async () => {
    const paused = await t.plan()
    expect((await t.ops('/api/ops/earn/plans/status', { id: paused.id, status: 'paused' })).status).toBe(200)
    const { token } = await t.user()
    expect((await t.buy(token, paused.id, '100')).status).toBe(409)
    expect((await t.ops('/api/ops/earn/plans/status', { id: paused.id, status: 'closed' })).status).toBe(200)
    expect(((await t.get('/api/getSmartPlans', token)).body.data as SmartPlans).plans.some((p) => p.id === paused.id)).toBe(false)
    expect((await t.ops('/api/ops/earn/plans/status', { id: paused.id, status: 'active' })).status).toBe(409)
    const audit = (await t.get(`/api/ops/audit?subject=earn-plan:${paused.id}`, await t.admin())).body.data as { list: AuditEntry[] }
    expect(audit.list.map((a) => a.action)).toEqual(['earn.setPlanStatus', 'earn.setPlanStatus', 'earn.createPlan'])
  })

  it('refuses a plan whose amounts are finer than the currency, and a status change of no plan, changing nothing', async () => {
    const before = ((await t.get('/api/ops/earn/plans', await t.admin())).body.data as { id: string }[]).length
    const res = await t.ops('/api/ops/earn/plans/create', { names: { en_US: 'Fine' }, days: 3, minAmount: '100.0000001', maxAmount: '5000', dailyRate: '0.012', exitShare: '0.1' })
    expect(res.status).toBe(400)
    expect(res.body.msg).toMatch(/100\.0000001/)
    expect(((await t.get('/api/ops/earn/plans', await t.admin())).body.data as { id: string }[]).length).toBe(before)
    expect((await t.ops('/api/ops/earn/plans/status', { id: '999999999', status: 'paused' })).status).toBe(404)
  })

  it('keeps the principal the user\'s money: the proof of liabilities still owes them all of it', async () => {
    const { token, id } = await t.user('1000')
    await t.buy(token, planId, '400')
    expect(await t.usdt(token)).toMatchObject({ available: '600', locked: '400' })
    // USDT has 6 decimals: 1 000 USDT is 1 000 000 000 units, principal in the plan included.
    expect((await owedPerUser(t.app.db, 'live')).filter((r) => r.userId === id)).toEqual([{ userId: id, currency: 'USDT', scale: 6, units: '1000000000' }])
  })

  it('refuses what the book cannot spend with 409', async () => {
    const { token } = await t.user('50')
    const res = await t.buy(token, planId, '100')
    expect(res.status).toBe(409)
    expect(await t.usdt(token)).toMatchObject({ available: '50', locked: '0' })
  })
})

describe('the daily accrual', () => {
  it('credits each day once, catches up missed days, and returns the principal at expiry', async () => {
    const { token } = await t.user()
    const id = order(await t.buy(token, planId, '1000')).id
    await accrueNow()
    expect(await t.usdt(token)).toMatchObject({ available: '9000' })
    t.days(1)
    await accrueNow()
    await accrueNow()
    let mine = (await t.mine(token)).find((o) => o.id === id)!
    expect(mine).toMatchObject({ runDays: 1, todayEarnings: '12', totalRevenue: '12', status: 'running' })
    expect(await t.usdt(token)).toMatchObject({ available: '9012', locked: '1000' })
    // Two days missed: both are caught up in one run, and a second run pays nothing.
    t.days(2)
    await Promise.all([accrueNow(), accrueNow()])
    await accrueNow()
    mine = (await t.mine(token)).find((o) => o.id === id)!
    expect(mine).toMatchObject({ runDays: 3, totalRevenue: '36', status: 'success', returned: '1000' })
    expect(await t.usdt(token)).toMatchObject({ available: '10036', locked: '0' })
    t.days(5)
    await accrueNow()
    expect(await t.usdt(token)).toMatchObject({ available: '10036', locked: '0' })
  })

  it('pays nothing twice when a restarted process runs it again', async () => {
    const { token } = await t.user()
    await t.buy(token, planId, '200')
    t.days(1)
    await accrueNow()
    // A restart: a new app on the same database runs the job from scratch (on PGlite, the same app's database).
    const second = await accrue(t.app.db, t.clock.now)
    expect(await t.usdt(token)).toMatchObject({ available: '9802.4' })
    expect(second.credited).toBe(0)
  })
  it('pays a purchase begun before midnight and committed after the day\'s run found nothing due, that same day', async () => {
    t.days(1)
    await accrueNow()
    // The day's run has found nothing more due (earn_accrual_mark, 0048_accrual_at_scale.sql); a purchase dated
    // yesterday arrives after it, as one straddling midnight would.
    expect((await accrueNow()).credited).toBe(0)
    const { token } = await t.user()
    t.clock.now -= DAY_MS
    await t.buy(token, planId, '500')
    t.clock.now += DAY_MS
    expect((await accrueNow()).credited).toBe(1)
    expect(await t.usdt(token)).toMatchObject({ available: '9506', locked: '500' })
  })

  it('shows each user their own day\'s earnings in the record, though one journal pays the whole step', async () => {
    const a = await t.user()
    const b = await t.user()
    await t.buy(a.token, planId, '1000')
    await t.buy(b.token, planId, '250')
    t.days(1)
    await accrueNow()
    const earnings = async (token: string) =>
      ((await t.get('/api/getMyTransactionRecord', token)).body.data as { list: { reason: string; amount: string }[] }).list.filter((r) => r.reason === 'earn.earnings')
    expect(await earnings(a.token)).toMatchObject([{ amount: '12' }])
    expect(await earnings(b.token)).toMatchObject([{ amount: '3' }])
  })
})

describe('POST /api/cancelKeepProd', () => {
  it('gives back exactly the disclosed amount, keeps the earnings paid, and stops the income', async () => {
    const { token } = await t.user()
    const bought = order(await t.buy(token, planId, '2500'))
    expect(bought).toMatchObject({ daily: '30', exitDamages: '250', exitReturn: '2250' })
    t.days(1)
    await accrueNow()
    const before = await t.reserve('demo')
    const res = await t.exit(token, bought.id)
    expect(res.status).toBe(200)
    expect(order(res)).toMatchObject({ status: 'early_exit', returned: '2250', totalRevenue: '30' })
    expect(await t.usdt(token)).toMatchObject({ available: String(7500 + 30 + 2250), locked: '0' })
    // The damages and the 60 USDT no longer owed go back to the free reserve.
    const after = await t.reserve('demo')
    expect(dec(after!.free).minus(before!.free).toFixed()).toBe('310')
    expect(dec(before!.earmarked).minus(after!.earmarked).toFixed()).toBe('60')
    t.days(3)
    await accrueNow()
    expect(await t.usdt(token)).toMatchObject({ available: '9780' })
  })

  it('answers 409 once ended, 404 for another user\'s, 400 on a bad id, 401 without a token; a repeated key replays', async () => {
    const { token } = await t.user()
    const other = await t.user()
    const id = order(await t.buy(token, planId, '100')).id
    expect((await t.exit(other.token, id)).status).toBe(404)
    expect((await t.exit(token, 'x')).status).toBe(400)
    expect((await t.exit(undefined as unknown as string, id)).status).toBe(401)
    const key = randomUUID()
    expect((await t.exit(token, id, key)).status).toBe(200)
    const again = await t.exit(token, id, key)
    expect(again.status).toBe(200)
    expect(again.headers['idempotent-replayed']).toBe('true')
    const ended = await t.exit(token, id)
    expect(ended.status).toBe(409)
    expect(await t.usdt(token)).toMatchObject({ available: '9990', locked: '0' })
  })
})

describe('the console', () => {
  it('funds a reserve once per key, audited, and shows coverage and what falls due by date', async () => {
    const key = randomUUID()
    const before = await t.reserve('live')
    await t.fund('live', '250', key)
    await t.fund('live', '250', key)
    expect(dec((await t.reserve('live'))!.free).minus(before!.free).toFixed()).toBe('250')
    const audit = (await t.get('/api/ops/audit?subject=earn-reserve:live:USDT', await t.admin())).body.data as { list: AuditEntry[] }
    expect(audit.list.filter((a) => (a.after as { key?: string }).key === key)).toMatchObject([{ action: 'earn.fundReserve', after: { amount: '250' } }])
    const { token } = await t.user('1000')
    await t.buy(token, planId, '1000')
    const line = (await t.reserve('live'))!
    expect(dec(line.owed).gte(36)).toBe(true)
    expect(dec(line.coverage!).gte(1)).toBe(true)
    expect(line.byDate.length).toBeGreaterThan(0)
  })
  it('refuses a plan without an English name or with min above max (400), and a non-operator (401)', async () => {
    expect((await t.ops('/api/ops/earn/plans/create', { names: { de_DE: 'X' }, days: 3, minAmount: '1', maxAmount: '2', dailyRate: '0.01', exitShare: '0' })).status).toBe(400)
    expect((await t.ops('/api/ops/earn/plans/create', { names: { en_US: 'X' }, days: 3, minAmount: '5', maxAmount: '2', dailyRate: '0.01', exitShare: '0' })).status).toBe(400)
    expect((await t.ops('/api/ops/earn/plans/create', { names: { en_US: 'X' }, days: 3, minAmount: '1', maxAmount: '2', dailyRate: '0.01', exitShare: '0' }, 'nobody')).status).toBe(401)
  })
})

describe('the leader\'s jobs', () => {
  it('include the accrual, which credits a due day when its time comes and tells the user\'s screens', async () => {
    const { token } = await t.user()
    await t.buy(token, planId, '100')
    const { id } = (await t.get('/api/getMyAccountInfo', token)).body.data as { id: string }
    const runner = createJobRunner({ jobs: leaderJobs(t.app), isLeader: () => true, now: () => t.clock.now, log: t.app.log })
    const pushed: unknown[] = []
    const publish = t.app.hub.publishToUser
    t.app.hub.publishToUser = async (userId, message) => {
      if (userId === id) pushed.push(message)
      return publish.call(t.app.hub, userId, message)
    }
    t.days(1)
    try {
      expect(await runner.runDue()).toContain('earn accrual')
    } finally {
      t.app.hub.publishToUser = publish
    }
    expect(await t.usdt(token)).toMatchObject({ available: '9901.2', locked: '100' })
    // The user's screens hear it at once: a balance_update for the book the day was credited to.
    expect(pushed).toEqual([{ messageType: 'balance_update', data: { book: 'demo' } }])
  })
})
