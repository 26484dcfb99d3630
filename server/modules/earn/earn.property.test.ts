// Property: for random purchases, early exits, funding and days passing, on the demo book, after every step the free
// reserve is never below zero (every promise was covered when made), the earmarked reserve holds exactly what running
// plans may still pay and each user's earn account their principal (the earn sub-ledger), and every currency's
// postings sum to zero.
import { sql } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { SmartOrder } from '#contract/earn.ts'
import { dec } from '#contract/trading-math.ts'
import { reconcileBooks } from '../orders/orders.subledger.ts'
import { accrue } from './accrual.ts'
import { earnSubledger } from './earn.subledger.ts'
import { freeReserve } from './reserve.ts'
import { earnTestApp, type EarnTest } from './test-earn.ts'

let t: EarnTest
let planId: string
beforeAll(async () => {
  t = await earnTestApp()
  // 5 % a day for 3 days: a purchase of up to 2 000 earmarks up to 300, so small fundings run out and "sold out" is met.
  planId = (await t.plan({ days: 3, dailyRate: '0.05', exitShare: '0.2', minAmount: '10', maxAmount: '2000' })).id
})
afterAll(async () => t?.app.close())

type Step = { op: 'buy'; user: number; amount: number } | { op: 'exit'; user: number; pick: number } | { op: 'days'; n: number } | { op: 'fund'; amount: number }

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ op: fc.constant('buy' as const), user: fc.nat(1), amount: fc.integer({ min: 10, max: 2000 }) }),
  fc.record({ op: fc.constant('exit' as const), user: fc.nat(1), pick: fc.nat(5) }),
  fc.record({ op: fc.constant('days' as const), n: fc.integer({ min: 0, max: 3 }) }),
  fc.record({ op: fc.constant('fund' as const), amount: fc.integer({ min: 1, max: 400 }) }),
)

/** After every step: nothing promised beyond the reserve, and the earn sub-ledger exact. */
async function reserveHolds() {
  expect(dec(await freeReserve(t.app.db, 'demo', 'USDT')).gte(0)).toBe(true)
  expect(await earnSubledger.mismatches(t.app.db)).toEqual([])
}

/** After every sequence (a whole-ledger scan, slower as a shared database grows): conservation and every sub-ledger. */
async function ledgerHolds() {
  expect((await reconcileBooks(t.app.db)).ok).toBe(true)
  const sums = (await t.app.db.execute(sql`SELECT currency, sum(amount)::text AS sum FROM entries GROUP BY currency`)) as unknown as { rows: { sum: string }[] }
  for (const row of sums.rows) expect(dec(row.sum).isZero()).toBe(true)
}

it('keeps the reserve covering every promise, the sub-ledger exact and postings summing to zero', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 10 }), async (steps) => {
      const users = [await t.user(), await t.user()]
      for (const s of steps) {
        if (s.op === 'buy') {
          const res = await t.buy(users[s.user]!.token, planId, String(s.amount))
          expect([200, 409]).toContain(res.status)
        } else if (s.op === 'exit') {
          const running = (await t.mine(users[s.user]!.token)).filter((o: SmartOrder) => o.status === 'running')
          const pick = running[s.pick % Math.max(running.length, 1)]
          if (pick) expect((await t.exit(users[s.user]!.token, pick.id)).status).toBe(200)
        } else if (s.op === 'days') {
          t.days(s.n)
          await accrue(t.app.db, t.clock.now)
        } else {
          await t.fund('demo', String(s.amount))
        }
        await reserveHolds()
      }
      await ledgerHolds()
    }),
    { numRuns: 12 },
  )
}, 180_000)
