// Money endpoints that exist only in the idempotency tests: each moves demo USDT through the real ledger with the key
// route() hands it, so a test sees what a user would (answers, balances, journals). Imported by tests alone.
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import * as z from 'zod/mini'
import { Decimal, type Endpoint } from '#contract/endpoint.ts'
import { AppError } from '../app-error.ts'
import { postJournal, type Leg } from '../ledger/post.ts'
import { route, type RouteContext } from '../route.ts'

const Spend = z.object({ amount: Decimal, note: z.optional(z.string()) })
const Spent = z.object({ spent: z.string(), journalId: z.string() })
const spendAt = (path: string) => ({ method: 'POST', path, body: Spend, data: Spent, auth: true, money: true }) as const

export const testApi = {
  spend: spendAt('/test/idem/spend'),
  spendToo: spendAt('/test/idem/spend-too'),
  /** The first call waits at the gate, so a test can act while it runs. */
  gated: spendAt('/test/idem/gated'),
  /** The first call posts, then fails with a 500 (a crash after the money moved). */
  crashes: spendAt('/test/idem/crashes'),
  /** The first call is refused with a 429 (try again shortly), before any money moves. */
  busyOnce: spendAt('/test/idem/busy-once'),
} as const satisfies Record<string, Endpoint>

type SpendContext = RouteContext<ReturnType<typeof spendAt>>

/** Moves `amount` demo USDT from the caller's available to the house's fees, keyed by the route's ledger key. */
async function spend(app: FastifyInstance, { user, body, idempotencyKey }: SpendContext) {
  const legs: Leg[] = [
    { account: { ownerId: user.id, book: 'demo', kind: 'available' }, amount: `-${body.amount}`, currency: 'USDT' },
    { account: { ownerId: null, book: 'demo', kind: 'fees' }, amount: body.amount, currency: 'USDT' },
  ]
  const posted = await postJournal(app.db, { kind: 'fee', reason: 'transfer', idempotencyKey, userId: user.id, legs })
  return { spent: body.amount, journalId: posted.journalId }
}

export function deferred() {
  let resolve!: () => void
  const promise = new Promise<void>((r) => (resolve = r))
  return { promise, resolve }
}

/** Registers the test endpoints; `calls` counts handler runs per path, `gate` holds the gated endpoint's first call. */
export function registerTestEndpoints(app: FastifyInstance) {
  const calls = new Map<string, number>()
  const count = (path: string) => {
    const n = (calls.get(path) ?? 0) + 1
    calls.set(path, n)
    return n
  }
  const gate = { reached: deferred(), open: deferred() }
  route(app, testApi.spend, (ctx) => (count(testApi.spend.path), spend(app, ctx)))
  route(app, testApi.spendToo, (ctx) => (count(testApi.spendToo.path), spend(app, ctx)))
  route(app, testApi.gated, async (ctx) => {
    if (count(testApi.gated.path) === 1) {
      gate.reached.resolve()
      await gate.open.promise
    }
    return spend(app, ctx)
  })
  route(app, testApi.crashes, async (ctx) => {
    const answer = await spend(app, ctx)
    if (count(testApi.crashes.path) === 1) throw new Error('crashed after posting')
    return answer
  })
  route(app, testApi.busyOnce, (ctx) => {
    if (count(testApi.busyOnce.path) === 1) throw new AppError(429, 'rateLimited')
    return spend(app, ctx)
  })
  return { calls: (path: string) => calls.get(path) ?? 0, gate }
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows

/** The id of the user a wallet signed in as. */
export async function userIdOf(app: FastifyInstance, address: string): Promise<string> {
  return rowsOf<{ id: string }>(await app.db.execute(sql`SELECT id FROM users WHERE lower(address) = lower(${address})`))[0]!.id
}

/** The caller's fee journals: how many times money actually moved. */
export async function feeJournals(app: FastifyInstance, userId: string): Promise<number> {
  const rows = rowsOf<{ n: number }>(await app.db.execute(sql`SELECT count(*)::int AS n FROM journals WHERE user_id = ${userId}::uuid AND kind = 'fee'`))
  return Number(rows[0]!.n)
}
