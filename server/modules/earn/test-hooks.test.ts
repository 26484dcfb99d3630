// The e2e-only hook that lets days pass for Smart plans: only with E2E_TEST_HOOKS=1; it moves the plans' clock alone
// (a sign-in signed now still works afterwards) and credits what fell due, once.
import { randomUUID } from 'node:crypto'
import { afterAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import type { SmartOrder } from '#contract/earn.ts'
import type { OpsPlan } from '#contract/ops-earn.ts'
import { buildTestApp, call, signIn } from '../../test/helpers.ts'
import { signInOperator } from '../ops/test-operators.ts'

const apps: FastifyInstance[] = []
afterAll(async () => Promise.all(apps.map((a) => a.close())))

describe('POST /api/test/earn/advance', () => {
  it('moves the plans\' clock on by days and credits each due day once, with E2E_TEST_HOOKS=1', async () => {
    process.env.E2E_TEST_HOOKS = '1'
    const app = await buildTestApp()
    delete process.env.E2E_TEST_HOOKS
    apps.push(app)
    const admin = (await signInOperator(app, ['admin'])).token
    const ops = (url: string, body: unknown) => call(app, 'POST', url, { token: admin, body })
    const plan = (await ops('/api/ops/earn/plans/create', { names: { en_US: 'Hook' }, days: 2, minAmount: '100', maxAmount: '100', dailyRate: '0.01', exitShare: '0' })).body.data as OpsPlan
    await ops('/api/ops/earn/reserve/fund', { book: 'demo', currency: 'USDT', amount: '2', key: randomUUID() })
    const { token } = await signIn(app)
    const bought = await call(app, 'POST', '/api/keepProd', { token, body: { planId: plan.id, amount: '100' }, headers: { 'idempotency-key': randomUUID() } })
    expect(bought.status).toBe(200)
    const advance = (days: number) => call(app, 'POST', '/api/test/earn/advance', { token, body: { days } })
    // Another test's plans on a shared database may fall due too: what this user's plan got is what is checked.
    const mine = async () => ((await call(app, 'GET', '/api/getMySmartPlans', { token })).body.data as { list: SmartOrder[] }).list[0]!
    expect((await advance(0)).status).toBe(200)
    expect(await mine()).toMatchObject({ runDays: 0, status: 'running' })
    expect((await advance(1)).body.data).toMatchObject({ credited: expect.any(Number) as number })
    expect(await mine()).toMatchObject({ runDays: 1, totalRevenue: '1', todayEarnings: '1' })
    await advance(0)
    expect(await mine()).toMatchObject({ runDays: 1, totalRevenue: '1' })
    await advance(5)
    expect(await mine()).toMatchObject({ runDays: 2, totalRevenue: '2', status: 'success', returned: '100' })
    const usdt = ((await call(app, 'GET', '/api/getBalance', { token })).body.data as { currencies: { currency: string; available: string }[] }).currencies
    expect(usdt.find((c) => c.currency === 'USDT')?.available).toBe('10002')
    // The app's own clock did not move: signing in with a signature made now still works.
    await signIn(app)
  })

  it('does not exist without E2E_TEST_HOOKS', async () => {
    const app = await buildTestApp()
    apps.push(app)
    const { token } = await signIn(app)
    expect((await call(app, 'POST', '/api/test/earn/advance', { token, body: { days: 1 } })).status).toBe(404)
  })
})
