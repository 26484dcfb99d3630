// npm run bench:orders — contract orders through real HTTP on loopback: the whole app (buildApp) listening on a port,
// and the load of bench/order-load.ts (BENCH_CONNECTIONS signed-in users, each opening a position and closing it,
// again and again): half the requests open, half close, every open pays its fee into its user's shard of the house
// fees account of the demo book and every close settles against their shard of the house trading_counterparty
// account (server/ledger/shards.ts).
// bench:orders-floor (bench/orders-floor.ts) puts the same load on a bare Fastify server, the floor beside it.
// Prints orders/s (opens and closes), p50/p99 latency and the server's and the client's CPU per order, per run and
// the median run, then the ledger's reconciliation; SQL statements/order counts what the server sent PostgreSQL (0 on
// PGlite), and PostgreSQL CPU/order what the backends of its database on this machine used (when DATABASE_URL
// names this machine).
// Env: DATABASE_URL (PostgreSQL; PGlite in memory without it), REDIS_URL,
// BENCH_SECONDS (10), BENCH_RUNS (3), BENCH_CONNECTIONS (50), BENCH_WARMUP_SECONDS (2), HOUSE_SHARDS (8).
import { availableParallelism, loadavg } from 'node:os'
import pg from 'pg'
import { buildApp } from '../server/app.ts'
import { formatReconciliation, reconcile } from '../server/ledger/reconcile.ts'
import { newWallet, signedPayload } from '../server/test/helpers.ts'
import { databaseCpuReader, loadInWorker } from './order-load.ts'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const RUNS = Number(process.env.BENCH_RUNS ?? 3)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50)
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2)

// Every statement the server sends PostgreSQL (BEGIN and COMMIT included) goes through Client#query.
let statements = 0
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown
pg.Client.prototype.query = function (this: unknown, ...args: unknown[]) {
  statements++
  return query.apply(this, args)
} as typeof pg.Client.prototype.query

const databaseCpuUs = databaseCpuReader(process.env.DATABASE_URL)

const sink = { write: () => {} }
const app = await buildApp({
  databaseUrl: process.env.DATABASE_URL || undefined,
  redisUrl: process.env.REDIS_URL || undefined,
  // Its Redis channels: DEPLOYMENT_NAME, else this database's own (never another deployment's).
  deploymentName: process.env.DEPLOYMENT_NAME || undefined,
  // Rows per house kind, and so order lanes (server/ledger/shards.ts): HOUSE_SHARDS, 8 unless set.
  houseShards: process.env.HOUSE_SHARDS ? Number(process.env.HOUSE_SHARDS) : undefined,
  logger: { level: 'info', stream: sink } as unknown as string,
  tickMs: 0,
  rateLimit: { max: 1_000_000_000, signInMax: 1_000_000_000 },
  // Forex trades from Sunday 22:00 to Friday 22:00 UTC: the bench runs on a Wednesday whatever the day.
  now: () => Date.UTC(2026, 10, 25, 15, 0) + (performance.now() | 0),
})
const address = await app.listen({ port: 0, host: '127.0.0.1' })
const port = Number(new URL(address).port)
await app.hub.publishTickers([{ symbol: 'EURUSD', bid: '1.16628', ask: '1.16640', time: app.now(), simulated: true }])

const tokens: string[] = []
for (let i = 0; i < CONNECTIONS; i++) {
  const res = await app.inject({ method: 'POST', url: '/api/checkSign', payload: await signedPayload(newWallet(), app.now()) })
  tokens.push((res.json() as { data: string }).data)
}

async function run(seconds: number) {
  const cpu = process.threadCpuUsage()
  const sent = statements
  const database = databaseCpuUs()
  const result = await loadInWorker({ port, tokens, seconds })
  const used = process.threadCpuUsage(cpu)
  const perOrder = (statements - sent) / result.orders
  const databaseUs = database === null ? null : (databaseCpuUs()! - database) / result.orders
  return { ...result, perSecond: result.orders / result.seconds, cpuUs: (used.user + used.system) / result.orders, statements: perOrder, databaseUs }
}
const fmt = (r: Awaited<ReturnType<typeof run>>) =>
  `${Math.round(r.perSecond)} orders/s  p50 ${r.p50.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms  server CPU ${Math.round(r.cpuUs)} µs/order  client CPU ${Math.round(r.clientCpuUs)} µs/order  ${r.statements.toFixed(1)} SQL statements/order` +
  (r.databaseUs === null ? '' : `  PostgreSQL CPU ${Math.round(r.databaseUs)} µs/order`) +
  (r.failed ? `  (${r.failed} not 200)` : '')

const db = process.env.DATABASE_URL ? `PostgreSQL (${new URL(process.env.DATABASE_URL).pathname.slice(1)})` : 'PGlite (memory)'
console.log(`contract orders over HTTP, ${CONNECTIONS} keep-alive connections (a user each, open then close), ${SECONDS} s x ${RUNS} runs, ${db}`)
console.log(`machine: ${availableParallelism()} cores, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')} (1/5/15 min)`)
await run(WARMUP_SECONDS)
const runs = []
for (let i = 0; i < RUNS; i++) {
  const r = await run(SECONDS)
  runs.push(r)
  // The load average beside each run: on a shared machine it says which runs to trust (compare side by side).
  console.log(`  run ${i + 1}: ${fmt(r)}  load ${loadavg()[0]!.toFixed(2)}`)
}
const median = [...runs].sort((a, b) => a.perSecond - b.perSecond)[Math.floor(runs.length / 2)]!
console.log(`median: ${fmt(median)}`)
console.log(formatReconciliation(await reconcile(app.db)))
console.log(`load average after: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`)
await app.close()
