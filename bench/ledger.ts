// npm run bench:ledger — postings per second through the ledger, as the endpoints post them (postJournal on the
// app's database handle, an idempotency key each; postJournal batches what arrives together), from 50 concurrent
// workers moving random amounts between random user accounts. PGlite in memory by default; DATABASE_URL for
// PostgreSQL. Latency is per posting, from the call to its answer, waiting in the batch queue included.
// Prints postings/s, p50/p99 latency per run, the median run, and the reconciliation after all runs.
// Env: BENCH_SECONDS (10), BENCH_RUNS (3), BENCH_WORKERS (50), BENCH_USERS (200), BENCH_POOL (20, PostgreSQL).
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { performance } from 'node:perf_hooks'
import { openDb } from '../server/db/client.ts'
import { migrateDb } from '../server/db/migrate.ts'
import { users } from '../server/modules/auth/auth.table.ts'
import { AppError } from '../server/app-error.ts'
import { postJournal } from '../server/ledger/post.ts'
import { reconcile } from '../server/ledger/reconcile.ts'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const RUNS = Number(process.env.BENCH_RUNS ?? 3)
const WORKERS = Number(process.env.BENCH_WORKERS ?? 50)
const USERS = Number(process.env.BENCH_USERS ?? 200)

const handle = await openDb({ url: process.env.DATABASE_URL || undefined, poolMax: Number(process.env.BENCH_POOL ?? 20) })
await migrateDb(handle)
const { db } = handle

const randomAddress = () => `0x${randomUUID().replaceAll('-', '')}${randomUUID().slice(0, 8)}`
const created = await db.insert(users).values(Array.from({ length: USERS }, () => ({ address: randomAddress() }))).returning({ id: users.id })
const ids = created.map((u) => u.id)
const available = (ownerId: string) => ({ ownerId, book: 'live', kind: 'available' }) as const
for (const id of ids) {
  await postJournal(db, {
    kind: 'deposit',
    reason: 'transfer',
    idempotencyKey: randomUUID(),
    userId: id,
    legs: [
      { account: available(id), amount: '1000000', currency: 'USDT' },
      { account: { ownerId: null, book: 'live', kind: 'deposits_clearing' }, amount: '-1000000', currency: 'USDT' },
    ],
  })
}

// What autovacuum does within a minute of the first rows (it is off on some shared test servers): statistics, so
// the planner knows how few entries a journal has. Plans are made per call (force_custom_plan) and use them at once.
await db.execute(sql`ANALYZE accounts, journals, entries`)

const pick = () => ids[Math.floor(Math.random() * ids.length)]!

async function run(): Promise<{ perSecond: number; p50: number; p99: number; refused: number }> {
  const latencies: number[] = []
  let refused = 0
  const end = performance.now() + SECONDS * 1000
  const worker = async () => {
    while (performance.now() < end) {
      const from = pick()
      let to = pick()
      while (to === from) to = pick()
      const amount = (Math.floor(Math.random() * 10_000) / 100 + 0.01).toFixed(2)
      const started = performance.now()
      try {
        await postJournal(db, {
          kind: 'transfer',
          reason: 'transfer',
          idempotencyKey: randomUUID(),
          userId: from,
          legs: [
            { account: available(from), amount: `-${amount}`, currency: 'USDT' },
            { account: available(to), amount, currency: 'USDT' },
          ],
        })
      } catch (error) {
        if (!(error instanceof AppError)) throw error
        refused++
      }
      latencies.push(performance.now() - started)
    }
  }
  const started = performance.now()
  await Promise.all(Array.from({ length: WORKERS }, worker))
  const elapsed = (performance.now() - started) / 1000
  latencies.sort((a, b) => a - b)
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!
  return { perSecond: latencies.length / elapsed, p50: at(0.5), p99: at(0.99), refused }
}

console.log(`ledger bench on ${handle.kind}: ${WORKERS} workers, ${USERS} users, ${SECONDS} s x ${RUNS} runs`)
const results = []
for (let i = 1; i <= RUNS; i++) {
  const r = await run()
  results.push(r)
  console.log(`run ${i}: ${r.perSecond.toFixed(0)} postings/s, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, refused ${r.refused}`)
}
const median = [...results].sort((a, b) => a.perSecond - b.perSecond)[Math.floor(results.length / 2)]!
console.log(`median: ${median.perSecond.toFixed(0)} postings/s, p50 ${median.p50.toFixed(1)} ms, p99 ${median.p99.toFixed(1)} ms`)
console.log('reconciliation:', JSON.stringify(await reconcile(db)))
await handle.close()
