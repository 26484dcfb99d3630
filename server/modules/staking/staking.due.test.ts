// The console's "due by date" counts node staking (server/modules/earn/earn.due.ts, read from staking_pledges): each
// active pledge's rewards on the days still due, and on its last day the amount back, a bonus not received and one
// more pledge ending. Checked against expanding every pledge into its days on random pledges (written straight into
// staking_pledges inside a transaction that is rolled back, so the ledger never sees them), and through the console's
// endpoint on pledges made by users.
import { sql } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { ReserveLine } from '#contract/ops-earn.ts'
import { dec } from '#contract/trading-math.ts'
import { trim } from '../../ledger/reconcile.ts'
import { newUserId } from '../../ledger/test-db.ts'
import type { DbOrTx } from '../../ledger/types.ts'
import { dayStart, utcDay } from '../earn/clock.ts'
import { dueByDate } from '../earn/earn.due.ts'
import { START } from '../earn/test-earn.ts'
import { stakingPledges } from './staking.table.ts'
import { stakingTestApp, type StakingTest } from './test-staking.ts'

let t: StakingTest
let activityId: bigint
let userIds: string[]
beforeAll(async () => {
  t = await stakingTestApp()
  activityId = BigInt((await t.activity()).id)
  // One open pledge per user, activity and book (staking_pledges_open_unique): a user for each random pledge.
  userIds = await Promise.all(Array.from({ length: 30 }, () => newUserId(t.app.db)))
  await t.fund('demo', '100000')
})
afterAll(async () => t?.app.close())
afterEach(async () => t.reconciled())

const TODAY = utcDay(START)

type Row = { book: string; currency: string; date: string; earnings: string; principal: string; ending: number | string }
const normal = (rows: Row[]) =>
  rows
    .map((r) => ({ book: r.book, currency: r.currency, date: r.date, earnings: trim(r.earnings), principal: trim(r.principal), ending: Number(r.ending) }))
    .sort((a, b) => `${a.book}${a.currency}${a.date}`.localeCompare(`${b.book}${b.currency}${b.date}`))

/** Every active pledge expanded into each of its days still due. */
async function expanded(db: DbOrTx, until: string) {
  const result = (await db.execute(sql`
    SELECT p.book, p.currency, to_char(p.start_day + g.k, 'YYYY-MM-DD') AS date,
      (sum(p.daily) + sum(CASE WHEN g.k = p.days AND NOT p.bonus_paid THEN p.bonus ELSE 0 END))::text AS earnings,
      sum(CASE WHEN g.k = p.days THEN p.principal ELSE 0 END)::text AS principal, count(*) FILTER (WHERE g.k = p.days) AS ending
    FROM staking_pledges p CROSS JOIN LATERAL generate_series(p.days_paid + 1, least(p.days, ${until}::date - p.start_day)) AS g(k)
    WHERE p.status = 'active'
    GROUP BY 1, 2, 3`)) as unknown as { rows: Row[] }
  return normal(result.rows)
}

const money = fc.integer({ min: 0, max: 5_000_000_000 }).map((n) => (n / 1000).toFixed(3))
const pledge = fc
  .record({
    book: fc.constantFrom('demo' as const, 'live' as const),
    currency: fc.constantFrom('USDT', 'BTC'),
    principal: money,
    daily: fc.oneof(money, fc.constant('0')),
    bonus: fc.oneof(money, fc.constant('0')),
    bonusPaid: fc.boolean(),
    days: fc.integer({ min: 1, max: 45 }),
    paidShare: fc.double({ min: 0, max: 1, noNaN: true }),
    startAgo: fc.integer({ min: 0, max: 60 }),
    status: fc.constantFrom('active' as const, 'active' as const, 'completed' as const, 'withdrawn' as const),
  })
  .map((p) => ({ ...p, daysPaid: Math.min(p.days - 1, Math.floor(p.paidShare * p.days)) }))

class Rollback extends Error {}

describe('due by date for node staking', () => {
  it('lists the same rewards, amounts back and pledges ending by date as expanding every pledge into its days', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(pledge, { maxLength: 30 }), fc.integer({ min: -5, max: 40 }), async (pledges, ahead) => {
        const until = utcDay(dayStart(TODAY, ahead))
        try {
          await t.app.db.transaction(async (tx) => {
            if (pledges.length > 0) {
              await tx.insert(stakingPledges).values(
                pledges.map((p, i) => ({
                  userId: userIds[i]!,
                  activityId,
                  book: p.book,
                  currency: p.currency,
                  principal: p.principal,
                  agreedAmount: '1',
                  bonus: p.bonus,
                  days: p.days,
                  dailyRate: '0.01',
                  daily: p.daily,
                  exitShare: '0',
                  earmark: dec(p.daily).times(p.days).plus(p.bonus).toFixed(),
                  status: p.status,
                  startDay: utcDay(dayStart(TODAY, -p.startAgo)),
                  daysPaid: p.daysPaid,
                  paid: dec(p.daily).times(p.daysPaid).plus(p.bonusPaid ? p.bonus : 0).toFixed(),
                  bonusPaid: p.bonusPaid,
                  createdAt: START,
                })),
              )
            }
            expect(normal(await dueByDate(tx, until, 'staking'))).toEqual(await expanded(tx, until))
            throw new Rollback()
          })
        } catch (e) {
          if (!(e instanceof Rollback)) throw e
        }
      }),
      { numRuns: 40 },
    )
  }, 120_000)

  it('shows the console each day\'s staking rewards, and on the last day the amounts back, a bonus not received and the pledges ending', async () => {
    const line = async () => ((await t.get('/api/ops/earn/reserve', await t.admin())).body.data as ReserveLine[]).find((l) => l.book === 'demo' && l.currency === 'USDT')!
    // What a shared database already holds is taken away, so only these pledges are counted.
    const before = new Map((await line()).byDate.map((d) => [d.date, d]))
    const users = [await t.user(), await t.user()]
    for (const u of users) {
      const id = t.view(await t.add(u.token, String(activityId), '1000')).pledge!.id
      expect((await t.act('applyZyActive', u.token, id)).status).toBe(200)
      if (u === users[1]) expect((await t.act('receiveZyActive', u.token, id)).status).toBe(200)
    }
    const minus = (a: string, date: string, key: 'earnings' | 'principal' | 'stakingRewards') => dec(a).minus(before.get(date)?.[key] ?? 0).toFixed()
    const rows = (await line()).byDate
      .map((d) => [d.date, minus(d.earnings, d.date, 'earnings'), minus(d.principal, d.date, 'principal'), minus(d.stakingRewards, d.date, 'stakingRewards'), d.pledgesEnding - (before.get(d.date)?.pledgesEnding ?? 0)])
      .filter((r) => r.slice(1).some((v) => v !== '0' && v !== 0))
    // Two pledges of 1 000 at 2 a day for 5 days; the first user's 10 bonus, not received, comes with the amount.
    expect(rows).toEqual([
      ['2030-01-02', '4', '0', '4', 0],
      ['2030-01-03', '4', '0', '4', 0],
      ['2030-01-04', '4', '0', '4', 0],
      ['2030-01-05', '4', '0', '4', 0],
      ['2030-01-06', '14', '2000', '14', 2],
    ])
  })
})
