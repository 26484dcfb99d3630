// Node staking's daily step at scale (staking.accrual.ts): one journal per book, currency and event however many
// pledges it pays, each pledge still one row in its user's record, each day paid once however often the step runs.
// PGlite, or PostgreSQL with DATABASE_URL; the books and sub-ledgers reconcile after each test.
import { sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { accrueStaking, stakingStep } from './staking.accrual.ts'
import { stakingTestApp, type StakingTest } from './test-staking.ts'
import { randomUUID } from 'node:crypto'
import { postJournal, type Leg } from '../../ledger/post.ts'
import { newUserId } from '../../ledger/test-db.ts'
import { DAY_MS, utcDay } from '../earn/clock.ts'
import { stakingPledges } from './staking.table.ts'

let t: StakingTest
let first: string
let second: string
beforeAll(async () => {
  t = await stakingTestApp()
  first = (await t.activity()).id
  second = (await t.activity({ names: { en_US: 'Validator 7' }, agreedAmount: '500', bonus: '0' })).id
  await t.fund('demo', '100000')
  await t.fund('live', '100000')
})
afterAll(async () => t?.app.close())
afterEach(async () => t.reconciled())

type User = { token: string; id: string }

async function pledge(u: User, activityId: string, amount: string) {
  const id = t.view(await t.add(u.token, activityId, amount)).pledge!.id
  expect((await t.act('applyZyActive', u.token, id)).status).toBe(200)
  return id
}

/** The journals of `reason` that moved these users' money, and how many entries on their available accounts. */
async function journalsOf(users: User[], reason: string) {
  const ids = `{${users.map((u) => u.id).join(',')}}`
  const { rows } = (await t.app.db.execute(sql`
    SELECT count(DISTINCT j.id)::int AS journals, count(*)::int AS entries FROM journals j
    JOIN entries e ON e.journal_id = j.id JOIN accounts a ON a.id = e.account_id
    WHERE j.reason = ${reason} AND a.kind = 'available' AND a.owner_id = ANY(${ids}::uuid[])`)) as unknown as { rows: { journals: number; entries: number }[] }
  return rows[0]!
}

const record = async (token: string, reason: string) =>
  ((await t.get('/api/getMyTransactionRecord', token)).body.data as { list: { reason: string; amount: string }[] }).list.filter((r) => r.reason === reason)

describe('the daily step over many pledges', () => {
  it('writes journals per book, currency and event, not per pledge, and keeps one record row per reward', async () => {
    const demo: User[] = []
    for (let i = 0; i < 8; i++) demo.push(await t.user())
    for (const u of demo) await pledge(u, first, '1000')
    const live = [await t.user('1200'), await t.user('1200')]
    for (const u of live) await pledge(u, first, '1000')
    // One user with a pledge in each activity: two rewards a day, each its own row.
    const both = demo[0]!
    await pledge(both, second, '500')
    t.days(1)
    expect((await accrueNow()).credited).toBeGreaterThanOrEqual(11)
    // demo: the first pledges of 8 users in one journal, the one second pledge in another; live: one.
    expect(await journalsOf(demo, 'staking.reward')).toEqual({ journals: 2, entries: 9 })
    expect(await journalsOf(live, 'staking.reward')).toEqual({ journals: 1, entries: 2 })
    expect((await record(both.token, 'staking.reward')).map((r) => r.amount).sort()).toEqual(['1', '2'])
    expect(await record(demo[1]!.token, 'staking.reward')).toMatchObject([{ amount: '2' }])

    // Day 5 ends every pledge: the amounts come back in as few journals, each pledge its own row.
    t.days(4)
    await accrueNow()
    expect(await journalsOf(demo, 'staking.reward')).toEqual({ journals: 10, entries: 45 })
    expect(await journalsOf(demo, 'staking.end')).toEqual({ journals: 2, entries: 9 })
    expect(await journalsOf(live, 'staking.end')).toEqual({ journals: 1, entries: 2 })
    // 1 000 back with the 10 bonus not received; 500 back (no bonus).
    expect((await record(both.token, 'staking.end')).map((r) => r.amount).sort()).toEqual(['1010', '500'])
    expect((await t.mine(both.token, second)).pledge).toMatchObject({ status: 'completed', totalYield: '5', returned: '500' })
    // 10 000 − 1 500 + 10 + 5 rewards + 1 500 back + the 10 bonus.
    expect(await t.usdt(both.token)).toMatchObject({ available: '10025', locked: '0' })
    expect(await t.usdt(live[0]!.token)).toMatchObject({ available: '1220', locked: '0' })
  })
})

describe('a step over more pledges than a journal holds', () => {
  it('pays 260 pledges in two journals of a book (250 and 10), each pledge its own entry', async () => {
    // Pledges written as addAgreeMoney and applyZyActive leave them, on the live book, activated yesterday: one journal
    // puts each amount in its user's staking account and the earmark in the reserve, from the deposits' clearing.
    const ids = await Promise.all(Array.from({ length: 260 }, () => newUserId(t.app.db)))
    const live = { book: 'live' as const, currency: 'USDT' }
    await postJournal(t.app.db, {
      kind: 'transfer',
      reason: 'transfer',
      idempotencyKey: randomUUID(),
      legs: [
        ...ids.map((id): Leg => ({ account: { ownerId: id, book: 'live', kind: 'staking' }, amount: '1000', currency: 'USDT' })),
        { account: { ownerId: null, book: 'live', kind: 'earn_earmarked', shard: 0 }, amount: String(260 * 10), currency: 'USDT' },
        { account: { ownerId: null, book: 'live', kind: 'deposits_clearing', shard: 0 }, amount: String(-260 * 1010), currency: 'USDT' },
      ],
    })
    const terms = { ...live, agreedAmount: '1000', bonus: '0', days: 5, dailyRate: '0.002', daily: '2', exitShare: '0', principal: '1000', earmark: '10' }
    const yesterday = utcDay(t.clock.now - DAY_MS)
    await t.app.db.insert(stakingPledges).values(ids.map((userId) => ({ ...terms, userId, activityId: BigInt(first), status: 'active' as const, startDay: yesterday, createdAt: 0 })))
    expect((await accrueNow()).credited).toBe(260)
    const users = ids.map((id) => ({ id, token: '' }))
    expect(await journalsOf(users, 'staking.reward')).toEqual({ journals: 2, entries: 260 })
  })
})

describe('a step run twice', () => {
  it('pays a day once, whether run again after it or beside it', async () => {
    const u = await t.user()
    await pledge(u, first, '1000')
    t.days(1)
    const today = utcDay(t.clock.now)
    const [a, b] = await Promise.all([stakingStep(t.app.db, today, t.clock.now), stakingStep(t.app.db, today, t.clock.now)])
    expect([a.credited, b.credited].filter((n) => n > 0)).toHaveLength(1)
    expect((await stakingStep(t.app.db, today, t.clock.now)).credited).toBe(0)
    expect((await accrueNow()).credited).toBe(0)
    expect(await journalsOf([u], 'staking.reward')).toEqual({ journals: 1, entries: 1 })
    expect(await t.usdt(u.token)).toMatchObject({ available: '9002' })
    expect((await t.mine(u.token, first)).pledge).toMatchObject({ runDays: 1, totalYield: '2' })
  })
})

const accrueNow = () => accrueStaking(t.app.db, t.clock.now)
