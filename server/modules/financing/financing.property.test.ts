// Property: for random financing purchases, early redemptions, funding and days passing (with maturity runs), on the
// demo book, after every step the free reserve is never below zero (every interest was covered when promised), the
// earmarked reserve holds exactly what running orders may still pay and each user's financing account their
// principal (the earn and financing sub-ledgers), and every currency's postings sum to zero.
import { sql } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { dec } from '#contract/trading-math.ts'
import { reconcileBooks } from '../orders/orders.subledger.ts'
import { earnSubledger } from '../earn/earn.subledger.ts'
import { freeReserve } from '../earn/reserve.ts'
import { financingSubledger } from './financing.subledger.ts'
import { mature } from './maturity.ts'
import { financingTestApp, type FinancingTest } from './test-financing.ts'

let t: FinancingTest
let productId: string
beforeAll(async () => {
  t = await financingTestApp()
  // 100 % a year for 4 days: a purchase of up to 2 000 earmarks up to 21.91, so small fundings run out and "sold out" is met.
  productId = (await t.product({ days: 4, annualRate: '1', earlyShare: '0.05', minAmount: '10', maxAmount: '2000' })).id
})
afterAll(async () => t?.app.close())

type Step = { op: 'buy'; user: number; amount: number } | { op: 'redeem'; user: number; pick: number } | { op: 'days'; n: number } | { op: 'fund'; amount: number }

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ op: fc.constant('buy' as const), user: fc.nat(1), amount: fc.integer({ min: 10, max: 2000 }) }),
  fc.record({ op: fc.constant('redeem' as const), user: fc.nat(1), pick: fc.nat(5) }),
  fc.record({ op: fc.constant('days' as const), n: fc.integer({ min: 0, max: 2 }) }),
  fc.record({ op: fc.constant('fund' as const), amount: fc.integer({ min: 1, max: 60 }) }),
)

async function reserveHolds() {
  expect(dec(await freeReserve(t.app.db, 'demo', 'USDT')).gte(0)).toBe(true)
  expect(await earnSubledger.mismatches(t.app.db)).toEqual([])
  expect(await financingSubledger.mismatches(t.app.db)).toEqual([])
}

async function ledgerHolds() {
  expect((await reconcileBooks(t.app.db)).ok).toBe(true)
  const sums = (await t.app.db.execute(sql`SELECT currency, sum(amount)::text AS sum FROM entries GROUP BY currency`)) as unknown as { rows: { sum: string }[] }
  for (const row of sums.rows) expect(dec(row.sum).isZero()).toBe(true)
}

it('keeps the reserve covering every promise, the sub-ledgers exact and postings summing to zero', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 10 }), async (steps) => {
      const users = [await t.user(), await t.user()]
      for (const s of steps) {
        if (s.op === 'buy') {
          const res = await t.buy(users[s.user]!.token, productId, String(s.amount))
          expect([200, 409]).toContain(res.status)
        } else if (s.op === 'redeem') {
          const running = (await t.orders(users[s.user]!.token)).filter((o) => o.status === 'running' && o.daysRun < o.days)
          const pick = running[s.pick % Math.max(running.length, 1)]
          if (pick) {
            const res = await t.redeem(users[s.user]!.token, pick.id, undefined, pick.earlyReturn)
            expect(res.status).toBe(200)
            expect((res.body.data as { returned: string }).returned).toBe(pick.earlyReturn)
          }
        } else if (s.op === 'days') {
          t.days(s.n)
          await mature(t.app.db, t.clock.now)
        } else {
          await t.fund('demo', String(s.amount))
        }
        await reserveHolds()
      }
      await ledgerHolds()
    }),
    { numRuns: 10 },
  )
}, 180_000)
