// Financing through HTTP on the database (PGlite, or PostgreSQL with DATABASE_URL): operators define a fixed-term
// product; a user buys with an amount, gets principal plus interest back exactly once at maturity (also when days
// were missed or two processes run it), or redeems early for exactly the disclosed amount. Every refusal changes
// nothing, and the books (with the earn and financing sub-ledgers) reconcile after each test. The product of most
// tests: 30 days at 7.3 % a year (1 000 earns 6 for the term), 2 % early-redemption damages, 100 to 5 000 USDT.
import { randomUUID } from 'node:crypto'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { FinancingOrder, FinancingProducts } from '#contract/financing.ts'
import type { AuditEntry } from '#contract/ops.ts'
import { dec } from '#contract/trading-math.ts'
import { leaderJobs } from '../../jobs/jobs.ts'
import { createJobRunner } from '../../jobs/runner.ts'
import { owedPerUser } from '../../ledger/liabilities.ts'
import { mature, type Maturity } from './maturity.ts'
import { financingTestApp, type FinancingTest } from './test-financing.ts'

let t: FinancingTest
let productId: string
/** 3 days at 36.5 % a year: 1 000 earns 1 a day, 3 for the term. */
let threeDays: string
/** 10 days at 7.3 % a year: 1 000 earns 0.2 a day, 2 for the term; 2 % damages on early redemption. */
let tenDays: string
beforeAll(async () => {
  t = await financingTestApp()
  productId = (await t.product()).id
  threeDays = (await t.product({ days: 3, annualRate: '0.365' })).id
  tenDays = (await t.product({ days: 10 })).id
  await t.fund('demo', '100000')
  await t.fund('live', '100000')
})
afterAll(async () => t?.app.close())
afterEach(async () => t.reconciled())

const order = (res: { body: { data: unknown } }) => res.body.data as FinancingOrder
const matureNow = () => mature(t.app.db, t.clock.now)

describe('GET /api/getFinancing', () => {
  it('lists the product with its annual rate, term and early-redemption terms, on the caller\'s book', async () => {
    const { token } = await t.user()
    const res = await t.get('/api/getFinancing', token)
    expect(res.status).toBe(200)
    const data = res.body.data as FinancingProducts
    expect(data.book).toBe('demo')
    expect(data.products.find((p) => p.id === productId)).toMatchObject({
      names: { en_US: 'Fixed 30', de_DE: 'Fest 30' }, days: 30, minAmount: '100', maxAmount: '5000', annualRate: '0.073', earlyShare: '0.02', earlyForfeit: false, status: 'active', soldOut: false,
    })
  })
  it('answers 401 without a token', async () => {
    expect((await t.get('/api/getFinancing')).status).toBe(401)
  })
})

describe('POST /api/createFinancingOrder', () => {
  it('moves 1 000 USDT of the demo book into the order and earmarks its 6 USDT of interest', async () => {
    const { token } = await t.user()
    const before = await t.reserve('demo')
    const res = await t.buy(token, productId, '1000')
    expect(res.status).toBe(200)
    expect(order(res)).toMatchObject({
      book: 'demo', amount: '1000', days: 30, interest: '6', totalAtMaturity: '1006', daysRun: 0, earlyDamages: '20', earlyInterest: '0', earlyReturn: '980', status: 'running', returned: null,
    })
    expect(await t.usdt(token)).toMatchObject({ available: '9000', locked: '1000' })
    const after = await t.reserve('demo')
    expect(dec(before!.free).minus(after!.free).toFixed()).toBe('6')
    expect(dec(after!.earmarked).minus(before!.earmarked).toFixed()).toBe('6')
    // The console's reserve line counts it: 6 more owed, 1 000 more principal held, both due on the maturity day.
    expect(dec(after!.owed).minus(before!.owed).toFixed()).toBe('6')
    expect(dec(after!.principal).minus(before!.principal).toFixed()).toBe('1000')
    expect(after!.byDate.find((d) => d.date === '2030-01-31')).toMatchObject({ earnings: expect.any(String), principal: expect.any(String) })
  })

  it('answers 400 on an empty amount, outside the range or too precise, 404 for an unknown product, moving nothing', async () => {
    const { token } = await t.user()
    for (const amount of [undefined, '', '  ', 'abc']) {
      const res = await t.buy(token, productId, amount)
      expect(res.status).toBe(400)
      expect(res.body.msg).toBe('Enter an amount')
    }
    const low = await t.buy(token, productId, '99.99')
    expect(low.status).toBe(400)
    expect(low.body.msg).toBe('Enter an amount from 100 to 5,000 USDT')
    expect((await t.buy(token, productId, '5000.01')).status).toBe(400)
    expect((await t.buy(token, productId, '100.0000001')).status).toBe(400)
    expect((await t.buy(token, 'abc', '100')).status).toBe(400)
    expect((await t.buy(token, '999999999', '100')).status).toBe(404)
    expect(await t.usdt(token)).toMatchObject({ available: '10000', locked: '0' })
    expect(await t.orders(token)).toEqual([])
  })

  it('answers 401 without a token and 400 without an Idempotency-Key', async () => {
    expect((await t.buy(undefined as unknown as string, productId, '100')).status).toBe(401)
    const { token } = await t.user()
    expect((await t.post('/api/createFinancingOrder', token, { productId, amount: '100' }, null)).status).toBe(400)
  })

  it('buys once for a repeated Idempotency-Key', async () => {
    const { token } = await t.user()
    const key = randomUUID()
    const first = await t.buy(token, productId, '500', key)
    const again = await t.buy(token, productId, '500', key)
    expect(again.status).toBe(200)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(order(again).id).toBe(order(first).id)
    expect(await t.orders(token)).toHaveLength(1)
    expect(await t.usdt(token)).toMatchObject({ available: '9500', locked: '500' })
  })

  it('answers 409 "sold out" when the reserve cannot cover the interest, and nothing moves', async () => {
    // 100 % a year for 10 years on up to 10^7: interest no test run's funding could ever cover.
    const huge = await t.product({ days: 3650, annualRate: '1', minAmount: '1', maxAmount: '10000000' })
    const { token } = await t.user('10000000')
    const listed = (await t.get('/api/getFinancing', token)).body.data as FinancingProducts
    expect(listed.products.find((p) => p.id === huge.id)?.soldOut).toBe(false)
    const before = await t.reserve('live')
    const res = await t.buy(token, huge.id, '10000000')
    expect(res.status).toBe(409)
    expect(res.body.msg).toMatch(/^Sold out/)
    expect(await t.usdt(token)).toMatchObject({ available: '10000000', locked: '0' })
    expect(await t.reserve('live')).toMatchObject({ free: before!.free, earmarked: before!.earmarked })
    // A product whose smallest purchase the reserve cannot cover is listed as sold out.
    const never = await t.product({ days: 3650, annualRate: '1', minAmount: '1000000', maxAmount: '10000000' })
    const again = (await t.get('/api/getFinancing', token)).body.data as FinancingProducts
    expect(again.products.find((p) => p.id === never.id)?.soldOut).toBe(true)
  })

  it('refuses a paused product with 409, a closed one is no longer listed, and every change is audited', async () => {
    const paused = await t.product()
    expect((await t.ops('/api/ops/financing/products/status', { id: paused.id, status: 'paused' })).status).toBe(200)
    const { token } = await t.user()
    expect((await t.buy(token, paused.id, '100')).status).toBe(409)
    expect((await t.ops('/api/ops/financing/products/status', { id: paused.id, status: 'closed' })).status).toBe(200)
    expect(((await t.get('/api/getFinancing', token)).body.data as FinancingProducts).products.some((p) => p.id === paused.id)).toBe(false)
    expect((await t.ops('/api/ops/financing/products/status', { id: paused.id, status: 'active' })).status).toBe(409)
    expect((await t.ops('/api/ops/financing/products/status', { id: '999999999', status: 'paused' })).status).toBe(404)
    const audit = (await t.get(`/api/ops/audit?subject=financing-product:${paused.id}`, await t.admin())).body.data as { list: AuditEntry[] }
    expect(audit.list.map((a) => a.action)).toEqual(['financing.setProductStatus', 'financing.setProductStatus', 'financing.createProduct'])
  })

  it('refuses an operator\'s product with a minimum above its maximum (400)', async () => {
    expect((await t.ops('/api/ops/financing/products/create', { names: { en_US: 'Bad' }, days: 30, minAmount: '10', maxAmount: '5', annualRate: '0.05', earlyShare: '0', earlyForfeit: true })).status).toBe(400)
    expect((await t.ops('/api/ops/financing/products/create', { names: { en_US: 'Bad' }, days: 30, minAmount: '1', maxAmount: '5', annualRate: '2', earlyShare: '0', earlyForfeit: true })).status).toBe(400)
  })

  it('keeps the principal the user\'s money: the proof of liabilities still owes them all of it', async () => {
    const { token, id } = await t.user('1000')
    await t.buy(token, productId, '400')
    expect(await t.usdt(token)).toMatchObject({ available: '600', locked: '400' })
    expect((await owedPerUser(t.app.db, 'live')).filter((r) => r.userId === id)).toEqual([{ userId: id, currency: 'USDT', scale: 6, units: '1000000000' }])
  })

  it('refuses what the book cannot spend with 409', async () => {
    const { token } = await t.user('50')
    expect((await t.buy(token, productId, '100')).status).toBe(409)
    expect(await t.usdt(token)).toMatchObject({ available: '50', locked: '0' })
  })
})

describe('GET /api/getFinancingOrderList', () => {
  it('pages the caller\'s orders on their book, newest first, and 400 on a bad page, 401 without a token', async () => {
    const { token } = await t.user()
    const ids = []
    for (const amount of ['100', '200', '300']) ids.push(order(await t.buy(token, productId, amount)).id)
    const page = (await t.get('/api/getFinancingOrderList?page=1&size=2', token)).body.data as { list: FinancingOrder[]; total: number }
    expect(page.total).toBe(3)
    expect(page.list.map((o) => o.id)).toEqual([ids[2], ids[1]])
    const second = (await t.get('/api/getFinancingOrderList?page=2&size=2', token)).body.data as { list: FinancingOrder[] }
    expect(second.list.map((o) => o.id)).toEqual([ids[0]])
    expect((await t.get('/api/getFinancingOrderList?page=0', token)).status).toBe(400)
    expect((await t.get('/api/getFinancingOrderList')).status).toBe(401)
    expect(await t.orders((await t.user()).token)).toEqual([])
  })
})

describe('maturity', () => {
  it('pays principal plus interest once at maturity, not before, also with two processes and after missed days', async () => {
    const { token, id: userId } = await t.user()
    const id = order(await t.buy(token, threeDays, '1000')).id
    // The step pays every due order in the database, other test files' too (one PostgreSQL database for all of
    // them), so what is asserted is this user's: whether their book moved, their balance and their order.
    const paidThisUser = (run: Maturity) => run.touched === null || run.touched.some((u) => u.userId === userId)
    t.days(2)
    expect(paidThisUser(await matureNow())).toBe(false)
    expect(await t.usdt(token)).toMatchObject({ available: '9000', locked: '1000' })
    expect((await t.orders(token)).find((o) => o.id === id)).toMatchObject({ status: 'running', returned: null })
    // Missed the maturity day by two days: paid on the next run, once, though two processes run it together.
    t.days(3)
    await Promise.all([matureNow(), matureNow()])
    await matureNow()
    expect(await t.usdt(token)).toMatchObject({ available: '10003', locked: '0' })
    expect((await t.orders(token)).find((o) => o.id === id)).toMatchObject({ status: 'matured', returned: '1003' })
    // A restart runs it again on the same database: nothing more.
    t.days(1)
    expect(paidThisUser(await mature(t.app.db, t.clock.now))).toBe(false)
    expect(await t.usdt(token)).toMatchObject({ available: '10003', locked: '0' })
    expect((await t.orders(token)).find((o) => o.id === id)).toMatchObject({ status: 'matured', returned: '1003' })
  })

  it('refuses an early redemption on the maturity day (409): the order is the maturity\'s to pay in full', async () => {
    const { token } = await t.user()
    const id = order(await t.buy(token, threeDays, '1000')).id
    t.days(3)
    expect((await t.redeem(token, id)).status).toBe(409)
    await matureNow()
    expect(await t.usdt(token)).toMatchObject({ available: '10003' })
  })
})

describe('POST /api/earlyRedeemFinancingOrder', () => {
  it('gives back exactly the disclosed amount: principal less damages plus the days run\'s interest', async () => {
    const { token } = await t.user()
    const bought = order(await t.buy(token, tenDays, '1000'))
    expect(bought).toMatchObject({ interest: '2', totalAtMaturity: '1002', earlyReturn: '980' })
    t.days(3)
    const listed = (await t.orders(token)).find((o) => o.id === bought.id)!
    expect(listed).toMatchObject({ daysRun: 3, earlyDamages: '20', earlyInterest: '0.6', earlyReturn: '980.6' })
    const before = await t.reserve('demo')
    const res = await t.redeem(token, bought.id, undefined, listed.earlyReturn)
    expect(res.status).toBe(200)
    expect(order(res)).toMatchObject({ status: 'redeemed', returned: '980.6' })
    expect(await t.usdt(token)).toMatchObject({ available: '9980.6', locked: '0' })
    // The damages (20) and the unpaid interest (1.4) go to the free reserve; the earmark (2) is released.
    const after = await t.reserve('demo')
    expect(dec(after!.free).minus(before!.free).toFixed()).toBe('21.4')
    expect(dec(before!.earmarked).minus(after!.earmarked).toFixed()).toBe('2')
    // The maturity never pays a redeemed order.
    t.days(8)
    await matureNow()
    expect(await t.usdt(token)).toMatchObject({ available: '9980.6' })
  })

  it('forfeits the interest when the product says so', async () => {
    const forfeit = await t.product({ earlyForfeit: true, earlyShare: '0.01' })
    const { token } = await t.user()
    const bought = order(await t.buy(token, forfeit.id, '2000'))
    t.days(5)
    expect((await t.orders(token)).find((o) => o.id === bought.id)).toMatchObject({ earlyDamages: '20', earlyInterest: '0', earlyReturn: '1980' })
    expect(order(await t.redeem(token, bought.id))).toMatchObject({ returned: '1980' })
    expect(await t.usdt(token)).toMatchObject({ available: '9980', locked: '0' })
  })

  it('answers 409 when the amount shown is no longer today\'s, and nothing moves', async () => {
    const { token } = await t.user()
    const bought = order(await t.buy(token, tenDays, '1000'))
    t.days(3)
    const res = await t.redeem(token, bought.id, undefined, bought.earlyReturn)
    expect(res.status).toBe(409)
    expect(res.body.msg).toContain('980.6')
    expect(await t.usdt(token)).toMatchObject({ available: '9000', locked: '1000' })
  })

  it('answers 409 once ended, 404 for another user\'s, 400 on a bad id, 401 without a token; a repeated key replays', async () => {
    const { token } = await t.user()
    const other = await t.user()
    const id = order(await t.buy(token, productId, '100')).id
    expect((await t.redeem(other.token, id)).status).toBe(404)
    expect((await t.redeem(token, 'x')).status).toBe(400)
    expect((await t.redeem(undefined as unknown as string, id)).status).toBe(401)
    expect((await t.post('/api/earlyRedeemFinancingOrder', token, { id }, null)).status).toBe(400)
    const key = randomUUID()
    expect((await t.redeem(token, id, key)).status).toBe(200)
    const again = await t.redeem(token, id, key)
    expect(again.status).toBe(200)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect((await t.redeem(token, id)).status).toBe(409)
    expect(await t.usdt(token)).toMatchObject({ available: '9998', locked: '0' })
  })
})

describe('the leader\'s jobs', () => {
  it('include maturity, which pays a due order when its day comes and tells the user\'s screens', async () => {
    const { token } = await t.user()
    await t.buy(token, threeDays, '100')
    const { id } = (await t.get('/api/getMyAccountInfo', token)).body.data as { id: string }
    const runner = createJobRunner({ jobs: leaderJobs(t.app), isLeader: () => true, now: () => t.clock.now, log: t.app.log })
    const pushed: unknown[] = []
    const publish = t.app.hub.publishToUser
    t.app.hub.publishToUser = async (userId, message) => {
      if (userId === id) pushed.push(message)
      return publish.call(t.app.hub, userId, message)
    }
    t.days(3)
    try {
      expect(await runner.runDue()).toContain('financing maturity')
    } finally {
      t.app.hub.publishToUser = publish
    }
    expect(await t.usdt(token)).toMatchObject({ available: '10000.3', locked: '0' })
    expect(pushed).toContainEqual({ messageType: 'balance_update', data: { book: 'demo' } })
  })
})
