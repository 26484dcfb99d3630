// Shared by the earn tests: an app whose clock the test moves, an admin and a finance operator, plans made and the
// reserve funded through the console's endpoints, and users on either book.
import { randomUUID } from 'node:crypto'
import type { AccountInfo } from '#contract/auth.ts'
import type { SmartOrder } from '#contract/earn.ts'
import type { OpsPlan, OpsPlanInput, ReserveLine } from '#contract/ops-earn.ts'
import { reconcileBooks } from '../orders/orders.subledger.ts'
import { buildTestApp, call, signIn } from '../../test/helpers.ts'
import { signInOperator } from '../ops/test-operators.ts'
import { liveUser } from '../withdrawals/test-withdrawals.ts'
import { DAY_MS } from './clock.ts'

/** 2030-01-01 12:00 UTC: noon, so moving on by whole days never lands on a midnight. */
export const START = Date.UTC(2030, 0, 1, 12)

export type EarnTest = Awaited<ReturnType<typeof earnTestApp>>

export async function earnTestApp() {
  const clock = { now: START }
  const app = await buildTestApp({ now: () => clock.now })
  // Operators' sessions are short: after the test moves the clock on by days, a new one signs in.
  let session = { token: (await signInOperator(app, ['admin'])).token, at: clock.now }
  const admin = async () => {
    if (clock.now - session.at > 60 * 60 * 1000) session = { token: (await signInOperator(app, ['admin'])).token, at: clock.now }
    return session.token
  }
  const post = (url: string, token: string | undefined, body: unknown, key: string | null = randomUUID()) =>
    call(app, 'POST', url, { token, body, headers: key ? { 'idempotency-key': key } : {} })
  const get = (url: string, token?: string) => call(app, 'GET', url, { token })
  const ops = async (url: string, body: unknown, token?: string) => call(app, 'POST', url, { token: token ?? (await admin()), body })

  async function plan(input: Partial<OpsPlanInput> = {}): Promise<OpsPlan> {
    const body = { names: { en_US: 'Steady 3', de_DE: 'Stetig 3' }, days: 3, minAmount: '100', maxAmount: '5000', dailyRate: '0.012', exitShare: '0.1', ...input }
    const res = await ops('/api/ops/earn/plans/create', body)
    if (res.status !== 200) throw new Error(`plan: ${JSON.stringify(res.body)}`)
    return res.body.data as OpsPlan
  }
  async function fund(book: 'demo' | 'live', amount: string, key = randomUUID()): Promise<ReserveLine[]> {
    const res = await ops('/api/ops/earn/reserve/fund', { book, currency: 'USDT', amount, key })
    if (res.status !== 200) throw new Error(`fund: ${JSON.stringify(res.body)}`)
    return res.body.data as ReserveLine[]
  }
  const reserve = async (book: 'demo' | 'live') =>
    ((await get('/api/ops/earn/reserve', await admin())).body.data as ReserveLine[]).find((l) => l.book === book && l.currency === 'USDT')
  /** A new user on the demo book (10 000 USDT), or on the live book holding `live` USDT. */
  async function user(live?: string) {
    if (live) return liveUser(app, live)
    const { token } = await signIn(app)
    const info = (await get('/api/getMyAccountInfo', token)).body.data as AccountInfo
    return { token, id: info.id }
  }
  const buy = (token: string, planId: string, amount: string | undefined, key?: string) => post('/api/keepProd', token, { planId, amount }, key)
  const exit = (token: string, id: string, key?: string) => post('/api/cancelKeepProd', token, { id }, key)
  const usdt = async (token: string) =>
    ((await get('/api/getBalance', token)).body.data as { currencies: { currency: string; available: string; locked: string }[] }).currencies.find((c) => c.currency === 'USDT')!
  const mine = async (token: string) => ((await get('/api/getMySmartPlans', token)).body.data as { list: SmartOrder[] }).list
  const days = (n: number) => void (clock.now += n * DAY_MS)
  const reconciled = async () => {
    const found = await reconcileBooks(app.db)
    if (!found.ok) throw new Error(`not reconciled: ${JSON.stringify(found)}`)
  }
  return { app, clock, admin, post, get, ops, plan, fund, reserve, user, buy, exit, usdt, mine, days, reconciled }
}
