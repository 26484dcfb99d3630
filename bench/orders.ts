// npm run bench:orders — contract orders through real HTTP on loopback: the whole app (buildApp) listening on a port,
// and BENCH_CONNECTIONS keep-alive connections in a worker thread, each its own signed-in user who opens a position
// (POST /api/createContractOrder) and closes it (POST /api/closePositionOrder), again and again: half the requests
// open, half close, every open pays its fee into its user's shard of the house fees account of the demo book and every
// close settles against their shard of the house trading_counterparty account (server/ledger/shards.ts). Each request carries a new Idempotency-Key, as the app sends.
// Prints orders/s (opens and closes), p50/p99 latency and the server's and the client's CPU per order, per run and
// the median run, then the ledger's reconciliation; SQL statements/order counts what the server sent PostgreSQL (0 on
// PGlite), and PostgreSQL CPU/order what the backends of its database on this machine used (when DATABASE_URL
// names this machine).
// Env: DATABASE_URL (PostgreSQL; PGlite in memory without it), REDIS_URL,
// BENCH_SECONDS (10), BENCH_RUNS (3), BENCH_CONNECTIONS (50), BENCH_WARMUP_SECONDS (2), HOUSE_SHARDS (8).
import { randomUUID } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { connect } from 'node:net'
import { availableParallelism, loadavg } from 'node:os'
import { performance } from 'node:perf_hooks'
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const RUNS = Number(process.env.BENCH_RUNS ?? 3)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50)
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2)

type Job = { port: number; tokens: string[]; seconds: number }
type Result = { orders: number; failed: number; seconds: number; p50: number; p99: number; clientCpuUs: number }

/**
 * One keep-alive HTTP/1.1 connection, a request at a time, written and read by hand: node:http's client cost the
 * bench about as much CPU per order as the server's own request handling, CPU the server then did not get. Each
 * answer is read whole (status line, Content-Length, body) and its JSON parsed, so every answer is still checked.
 */
function connection(port: number, token: string) {
  const socket = connect({ host: '127.0.0.1', port, noDelay: true })
  const fixed = `HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\n`
  let buffered: Buffer = Buffer.alloc(0)
  let waiting: { resolve: (a: Answer) => void; reject: (e: Error) => void } | null = null
  const fail = (error: Error) => {
    waiting?.reject(error)
    waiting = null
  }
  socket.on('error', fail)
  socket.on('close', () => fail(new Error('connection closed')))
  socket.on('data', (chunk: Buffer) => {
    buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk])
    const head = buffered.indexOf('\r\n\r\n')
    if (head < 0) return
    const headers = buffered.toString('latin1', 0, head)
    const length = /\r\ncontent-length: *(\d+)/i.exec(headers)
    if (!length) return fail(new Error(`answer without Content-Length: ${headers}`))
    const end = head + 4 + Number(length[1])
    if (buffered.length < end) return
    const status = Number(headers.slice(9, 12))
    const body = JSON.parse(buffered.toString('utf8', head + 4, end)) as Answer
    buffered = buffered.subarray(end)
    const done = waiting!
    waiting = null
    done.resolve(status === 200 ? body : { code: status, data: null })
  })
  return {
    send: (path: string, payload: string) =>
      new Promise<Answer>((resolve, reject) => {
        waiting = { resolve, reject }
        socket.write(`POST ${path} ${fixed}Idempotency-Key: ${randomUUID()}\r\nContent-Length: ${Buffer.byteLength(payload)}\r\n\r\n${payload}`)
      }),
    close: () => socket.destroy(),
  }
}
type Answer = { code: number; data: { orderNo?: string } | null }

const OPEN = JSON.stringify({ symbol: 'EURUSD', side: 'buy', lots: '0.01', leverage: 100 })

async function load({ port, tokens, seconds }: Job): Promise<Result> {
  const cpu = process.threadCpuUsage()
  const latencies: number[] = []
  let failed = 0
  const timed = async (c: ReturnType<typeof connection>, path: string, payload: string) => {
    const sent = performance.now()
    const answer = await c.send(path, payload)
    latencies.push(performance.now() - sent)
    if (answer.code !== 200) failed++
    return answer
  }
  const end = performance.now() + seconds * 1000
  const started = performance.now()
  await Promise.all(
    tokens.map(async (token) => {
      const c = connection(port, token)
      while (performance.now() < end) {
        const opened = await timed(c, '/api/createContractOrder', OPEN)
        if (opened.data?.orderNo) await timed(c, '/api/closePositionOrder', `{"orderNo":"${opened.data.orderNo}"}`)
      }
      c.close()
    }),
  )
  const elapsed = (performance.now() - started) / 1000
  const used = process.threadCpuUsage(cpu)
  latencies.sort((a, b) => a - b)
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0
  return { orders: latencies.length, failed, seconds: elapsed, p50: at(0.5), p99: at(0.99), clientCpuUs: (used.user + used.system) / latencies.length }
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

  // PostgreSQL's CPU on this machine (Linux): utime + stime of the backends serving this database (their process
  // title names it), from /proc, in µs (100 ticks a second): other databases' work on a shared machine is left out, and
  // so is the server-wide WAL writer and checkpointer. Null when PostgreSQL is not local, or not readable.
  const host = process.env.DATABASE_URL ? decodeURIComponent(new URL(process.env.DATABASE_URL).hostname) : '-'
  const local = ['127.0.0.1', 'localhost', '::1', '[::1]', ''].includes(host) || host.startsWith('/')
  const databaseName = process.env.DATABASE_URL ? decodeURIComponent(new URL(process.env.DATABASE_URL).pathname.slice(1)) : ''
  // A process may end between the listing and the read.
  const readProc = (pid: string, file: string): string | null => {
    try {
      return readFileSync(`/proc/${pid}/${file}`, 'latin1')
    } catch {
      return null
    }
  }
  const databaseCpuUs = (): number | null => {
    if (!local) return null
    try {
      let ticks = 0
      for (const pid of readdirSync('/proc')) {
        if (!/^\d+$/.test(pid)) continue
        const stat = readProc(pid, 'stat')
        if (!stat) continue
        const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'))
        if (name !== 'postgres') continue
        // "postgres: 15/main: <user> <database> <client> <state>"
        if (!(readProc(pid, 'cmdline') ?? '').split(' ').includes(databaseName)) continue
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
        ticks += Number(fields[11]) + Number(fields[12])
      }
      return ticks > 0 ? ticks * 10_000 : null
    } catch {
      return null
    }
  }

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

  const inWorker = (job: Job) =>
    new Promise<Result>((resolve, reject) => {
      const worker = new Worker(new URL(import.meta.url), { workerData: job })
      worker.once('message', resolve)
      worker.once('error', reject)
    })

  async function run(seconds: number) {
    const cpu = process.threadCpuUsage()
    const sent = statements
    const database = databaseCpuUs()
    const result = await inWorker({ port, tokens, seconds })
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
}
