// npm run bench:orders — contract orders through real HTTP on loopback: the whole app (buildApp) listening on a port,
// and BENCH_CONNECTIONS keep-alive connections in a worker thread, each its own signed-in user who opens a position
// (POST /api/createContractOrder) and closes it (POST /api/closePositionOrder), again and again: half the requests
// open, half close, every open pays its fee into the one house fees account of the demo book and every close settles
// against the one house trading_counterparty account. Each request carries a new Idempotency-Key, as the app sends.
// Prints orders/s (opens and closes), p50/p99 latency and the server's CPU per order, per run and the median run,
// then the ledger's reconciliation; SQL statements/order counts what the server sent PostgreSQL (0 on PGlite).
// Env: DATABASE_URL (PostgreSQL; PGlite in memory without it), REDIS_URL,
// BENCH_SECONDS (10), BENCH_RUNS (3), BENCH_CONNECTIONS (50), BENCH_WARMUP_SECONDS (2).
import { randomUUID } from 'node:crypto'
import { Agent, request } from 'node:http'
import { availableParallelism, loadavg } from 'node:os'
import { performance } from 'node:perf_hooks'
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const RUNS = Number(process.env.BENCH_RUNS ?? 3)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50)
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2)

type Job = { port: number; tokens: string[]; seconds: number }
type Result = { orders: number; failed: number; seconds: number; p50: number; p99: number }

async function load({ port, tokens, seconds }: Job): Promise<Result> {
  const agent = new Agent({ keepAlive: true, maxSockets: tokens.length })
  const latencies: number[] = []
  let failed = 0
  const send = (token: string, path: string, body: unknown) =>
    new Promise<{ code: number; data: { orderNo?: string } | null }>((resolve, reject) => {
      const payload = JSON.stringify(body)
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': randomUUID(), 'content-length': Buffer.byteLength(payload) }
      const req = request({ host: '127.0.0.1', port, path, method: 'POST', agent, headers }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString()) as { code: number; data: { orderNo?: string } | null }))
      })
      req.on('error', reject)
      req.end(payload)
    })
  const timed = async (token: string, path: string, body: unknown) => {
    const sent = performance.now()
    const answer = await send(token, path, body)
    latencies.push(performance.now() - sent)
    if (answer.code !== 200) failed++
    return answer
  }
  const end = performance.now() + seconds * 1000
  const started = performance.now()
  await Promise.all(
    tokens.map(async (token) => {
      while (performance.now() < end) {
        const opened = await timed(token, '/api/createContractOrder', { symbol: 'EURUSD', side: 'buy', lots: '0.01', leverage: 100 })
        if (opened.data?.orderNo) await timed(token, '/api/closePositionOrder', { orderNo: opened.data.orderNo })
      }
    }),
  )
  const elapsed = (performance.now() - started) / 1000
  agent.destroy()
  latencies.sort((a, b) => a - b)
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0
  return { orders: latencies.length, failed, seconds: elapsed, p50: at(0.5), p99: at(0.99) }
}

if (!isMainThread) {
  parentPort!.postMessage(await load(workerData as Job))
} else {
  const { buildApp } = await import('../server/app.ts')
  const { signedPayload, newWallet } = await import('../server/test/helpers.ts')
  const { reconcile, formatReconciliation } = await import('../server/ledger/reconcile.ts')
  // Every statement the server sends PostgreSQL (BEGIN and COMMIT included) goes through Client#query.
  const pg = (await import('pg')).default
  let statements = 0
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown
  pg.Client.prototype.query = function (this: unknown, ...args: unknown[]) {
    statements++
    return query.apply(this, args)
  } as typeof pg.Client.prototype.query

  const sink = { write: () => {} }
  const app = await buildApp({
    databaseUrl: process.env.DATABASE_URL || undefined,
    redisUrl: process.env.REDIS_URL || undefined,
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

  const inWorker = (job: Job) =>
    new Promise<Result>((resolve, reject) => {
      const worker = new Worker(new URL(import.meta.url), { workerData: job })
      worker.once('message', resolve)
      worker.once('error', reject)
    })

  async function run(seconds: number) {
    const cpu = process.threadCpuUsage()
    const sent = statements
    const result = await inWorker({ port, tokens, seconds })
    const used = process.threadCpuUsage(cpu)
    const perOrder = (statements - sent) / result.orders
    return { ...result, perSecond: result.orders / result.seconds, cpuUs: (used.user + used.system) / result.orders, statements: perOrder }
  }
  const fmt = (r: Awaited<ReturnType<typeof run>>) =>
    `${Math.round(r.perSecond)} orders/s  p50 ${r.p50.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms  server CPU ${Math.round(r.cpuUs)} µs/order  ${r.statements.toFixed(1)} SQL statements/order` +
    (r.failed ? `  (${r.failed} not 200)` : '')

  const db = process.env.DATABASE_URL ? `PostgreSQL (${new URL(process.env.DATABASE_URL).pathname.slice(1)})` : 'PGlite (memory)'
  console.log(`contract orders over HTTP, ${CONNECTIONS} keep-alive connections (a user each, open then close), ${SECONDS} s x ${RUNS} runs, ${db}`)
  console.log(`machine: ${availableParallelism()} cores, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')} (1/5/15 min)`)
  await run(WARMUP_SECONDS)
  const runs = []
  for (let i = 0; i < RUNS; i++) {
    const r = await run(SECONDS)
    runs.push(r)
    console.log(`  run ${i + 1}: ${fmt(r)}`)
  }
  const median = [...runs].sort((a, b) => a.perSecond - b.perSecond)[Math.floor(runs.length / 2)]!
  console.log(`median: ${fmt(median)}`)
  console.log(formatReconciliation(await reconcile(app.db)))
  console.log(`load average after: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`)
  await app.close()
}
