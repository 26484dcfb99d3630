// Property: for random amounts added, activations, bonuses received, withdrawals, funding and days passing, on the demo
// book, after every step the free reserve is never below zero (every promise was covered when made), the earmarked
// reserve holds exactly what open pledges and Smart plans may still pay, each user's staking account their committed
// amount, and every currency's postings sum to zero.
import { sql } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { dec } from '#contract/trading-math.ts'
import { earnSubledger } from '../earn/earn.subledger.ts'
import { freeReserve } from '../earn/reserve.ts'
import { reconcileBooks } from '../orders/orders.subledger.ts'
import { accrueStaking } from './staking.accrual.ts'
import { stakingSubledger } from './staking.subledger.ts'
import { stakingTestApp, type StakingTest } from './test-staking.ts'

let t: StakingTest
let activityId: string
beforeAll(async () => {
  t = await stakingTestApp()
  // 5 % a day for 3 days and a bonus of 20: agreeing 200 earmarks 50, so small fundings run out and "sold out" is met.
  activityId = (await t.activity({ agreedAmount: '200', bonus: '20', days: 3, dailyRate: '0.05', exitShare: '0.2' })).id
})
afterAll(async () => t?.app.close())

type Step =
  | { op: 'add'; user: number; amount: number }
  | { op: 'apply' | 'receive' | 'withdraw'; user: number }
  | { op: 'days'; n: number }
  | { op: 'fund'; amount: number }

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ op: fc.constant('add' as const), user: fc.nat(1), amount: fc.integer({ min: 1, max: 400 }) }),
  fc.record({ op: fc.constantFrom('apply' as const, 'receive' as const, 'withdraw' as const), user: fc.nat(1) }),
  fc.record({ op: fc.constant('days' as const), n: fc.integer({ min: 0, max: 3 }) }),
  fc.record({ op: fc.constant('fund' as const), amount: fc.integer({ min: 1, max: 150 }) }),
)

async function reserveHolds() {
  expect(dec(await freeReserve(t.app.db, 'demo', 'USDT')).gte(0)).toBe(true)
  expect(await earnSubledger.mismatches(t.app.db)).toEqual([])
  expect(await stakingSubledger.mismatches(t.app.db)).toEqual([])
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
        if (s.op === 'add') {
          expect([200, 409]).toContain((await t.add(users[s.user]!.token, activityId, String(s.amount))).status)
        } else if (s.op === 'days') {
          t.days(s.n)
          await accrueStaking(t.app.db, t.clock.now)
        } else if (s.op === 'fund') {
          await t.fund('demo', String(s.amount))
        } else {
          const pledge = (await t.mine(users[s.user]!.token, activityId)).pledge
          const path = s.op === 'apply' ? 'applyZyActive' : s.op === 'receive' ? 'receiveZyActive' : 'withdrawZyActive'
          if (pledge) expect([200, 409]).toContain((await t.act(path, users[s.user]!.token, pledge.id)).status)
        }
        await reserveHolds()
      }
      await ledgerHolds()
    }),
    { numRuns: 12 },
  )
}, 180_000)
