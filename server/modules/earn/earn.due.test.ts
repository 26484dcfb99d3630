// The console's "due by date" (earn.due.ts) gives the same numbers as expanding every running purchase into each of
// its days, which it replaced: random purchases (both books, two currencies, any terms, days already paid, a backlog
// the accrual has not caught up, ended ones) are written straight into earn_orders inside a transaction that is rolled
// back, so the ledger never sees them, and both computations read them.
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { dec } from '#contract/trading-math.ts'
import { trim } from '../../ledger/reconcile.ts'
import type { DbOrTx } from '../../ledger/types.ts'
import { utcDay, dayStart } from './clock.ts'
import { dueByDate } from './earn.due.ts'
import { earnOrders } from './earn.table.ts'
import { earnTestApp, START, type EarnTest } from './test-earn.ts'

let t: EarnTest
let planId: bigint
let userIds: string[]
beforeAll(async () => {
  t = await earnTestApp()
  planId = BigInt((await t.plan()).id)
  userIds = [(await t.user()).id, (await t.user()).id, (await t.user()).id]
})
afterAll(async () => t?.app.close())

const TODAY = utcDay(START)

/** The computation the console used before: every running purchase expanded into each of its days still due. */
async function expanded(db: DbOrTx, until: string) {
  const result = (await db.execute(sql`
    SELECT o.book, o.currency, to_char(o.start_day + g.k, 'YYYY-MM-DD') AS date, sum(o.daily)::text AS earnings,
      sum(CASE WHEN g.k = o.days THEN o.principal ELSE 0 END)::text AS principal
    FROM earn_orders o CROSS JOIN LATERAL generate_series(o.days_paid + 1, least(o.days, ${until}::date - o.start_day)) AS g(k)
    WHERE o.status = 'running'
    GROUP BY 1, 2, 3`)) as unknown as { rows: Row[] }
  return normal(result.rows)
}

type Row = { book: string; currency: string; date: string; earnings: string; principal: string }
const normal = (rows: Row[]) =>
  rows
    .map((r) => ({ book: r.book, currency: r.currency, date: r.date, earnings: trim(r.earnings), principal: trim(r.principal) }))
    .sort((a, b) => `${a.book}${a.currency}${a.date}`.localeCompare(`${b.book}${b.currency}${b.date}`))

const money = fc.integer({ min: 0, max: 5_000_000_000 }).map((n) => (n / 1000).toFixed(3))
const purchase = fc
  .record({
    user: fc.nat(2),
    book: fc.constantFrom('demo' as const, 'live' as const),
    currency: fc.constantFrom('USDT', 'BTC'),
    principal: money,
    // Zero earnings happen (a tiny principal at a low rate rounds down to 0) and must still list their dates.
    daily: fc.oneof(money, fc.constant('0')),
    days: fc.integer({ min: 1, max: 45 }),
    paidShare: fc.double({ min: 0, max: 1, noNaN: true }),
    // Bought up to 60 days ago (a backlog the accrual has not caught up yet shows as dates in the past) or today.
    startAgo: fc.integer({ min: 0, max: 60 }),
    status: fc.constantFrom('running' as const, 'running' as const, 'running' as const, 'success' as const, 'early_exit' as const),
  })
  .map((p) => ({ ...p, daysPaid: Math.min(p.days - 1, Math.floor(p.paidShare * p.days)) }))

class Rollback extends Error {}

it('lists the same earnings and principal by date as expanding every purchase into its days', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(purchase, { maxLength: 40 }), fc.integer({ min: -5, max: 40 }), async (purchases, ahead) => {
      const until = utcDay(dayStart(TODAY, ahead))
      try {
        await t.app.db.transaction(async (tx) => {
          if (purchases.length > 0) {
            await tx.insert(earnOrders).values(
              purchases.map((p) => ({
                userId: userIds[p.user]!,
                planId,
                book: p.book,
                currency: p.currency,
                principal: p.principal,
                dailyRate: '0.01',
                daily: p.daily,
                days: p.days,
                exitShare: '0.1',
                earmark: (Number(p.daily) * p.days).toFixed(3),
                startDay: utcDay(dayStart(TODAY, -p.startAgo)),
                daysPaid: p.daysPaid,
                paid: (Number(p.daily) * p.daysPaid).toFixed(3),
                status: p.status,
                requestKey: randomUUID(),
                createdAt: START,
              })),
            )
          }
          const want = await expanded(tx, until)
          const got = normal(await dueByDate(tx, until))
          expect(got).toEqual(want)
          throw new Rollback()
        })
      } catch (e) {
        if (!(e instanceof Rollback)) throw e
      }
    }),
    { numRuns: 60 },
  )
}, 120_000)

it('adds up many purchases on the same days and gives the principal on the last day', async () => {
  try {
    await t.app.db.transaction(async (tx) => {
      // 3 purchases of 1 000 USDT at 12 a day for 3 days, bought today: 36 a day tomorrow and the day after, then 36
      // and the 3 000 of principal on the third day; one of 500 at 6 a day for 40 days: 6 a day, past the window.
      const until = utcDay(dayStart(TODAY, 5))
      const liveUsdt = async () => normal(await dueByDate(tx, until)).filter((r) => r.book === 'live' && r.currency === 'USDT')
      // What a shared database already holds is taken away, so only these purchases are counted.
      const before = new Map((await liveUsdt()).map((r) => [r.date, r]))
      const base = { planId, book: 'live' as const, currency: 'USDT', dailyRate: '0.012', exitShare: '0.1', startDay: TODAY, createdAt: START }
      await tx.insert(earnOrders).values([
        ...[0, 1, 2].map((u) => ({ ...base, userId: userIds[u]!, principal: '1000', daily: '12', days: 3, earmark: '36', requestKey: randomUUID() })),
        { ...base, userId: userIds[0]!, principal: '500', daily: '6', days: 40, earmark: '240', requestKey: randomUUID() },
      ])
      const rows = (await liveUsdt()).map((r) => ({
        ...r,
        earnings: dec(r.earnings).minus(before.get(r.date)?.earnings ?? 0).toFixed(),
        principal: dec(r.principal).minus(before.get(r.date)?.principal ?? 0).toFixed(),
      })).filter((r) => r.earnings !== '0' || r.principal !== '0')
      expect(rows.map((r) => [r.date, r.earnings, r.principal])).toEqual([
        ['2030-01-02', '42', '0'],
        ['2030-01-03', '42', '0'],
        ['2030-01-04', '42', '3000'],
        ['2030-01-05', '6', '0'],
        ['2030-01-06', '6', '0'],
      ])
      throw new Rollback()
    })
  } catch (e) {
    if (!(e instanceof Rollback)) throw e
  }
})
