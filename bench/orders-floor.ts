// npm run bench:orders-floor — the floor beside bench:orders: the same load (bench/order-load.ts: BENCH_CONNECTIONS
// keep-alive connections, each a user opening a position and closing it, again and again) on a bare Fastify server on
// the same machine, in two levels:
// - http: each request's bearer token looked up in a Map and answered at once (Fastify and loopback HTTP only);
// - durable: each open inserts one row and each close updates it, gathered into group-committed statements by the
//   app's own Batches (server/db/batches.ts) on a pg pool of 10, committed to PostgreSQL (DATABASE_URL) before the
//   answer: the least a durable order can cost, with no ledger, no checks and no idempotency key kept.
// Prints, per level, the median of BENCH_RUNS runs as bench:orders prints them, so the app's figures can be read as a
// multiple of the floor's. The durable level needs DATABASE_URL; its table (bench_floor_orders) is dropped at the end.
// Env: DATABASE_URL, BENCH_SECONDS (10), BENCH_RUNS (3), BENCH_CONNECTIONS (50), BENCH_WARMUP_SECONDS (2).
import { randomUUID } from 'node:crypto'
import { availableParallelism, loadavg } from 'node:os'
import Fastify from 'fastify'
import pg from 'pg'
import { Batches } from '../server/db/batches.ts'
import { databaseCpuReader, loadInWorker, type Result } from './order-load.ts'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const RUNS = Number(process.env.BENCH_RUNS ?? 3)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50)
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2)
const DATABASE_URL = process.env.DATABASE_URL

type Open = { user: number; symbol: string; side: string; lots: string; key: string }
type Close = { user: number; id: string }

const pool = DATABASE_URL ? new pg.Pool({ connectionString: DATABASE_URL, max: 10 }) : null
if (pool) {
  await pool.query(`DROP TABLE IF EXISTS bench_floor_orders`)
  await pool.query(`CREATE TABLE bench_floor_orders (id bigserial PRIMARY KEY, user_no int NOT NULL, symbol text NOT NULL,
    side text NOT NULL, lots numeric(38, 18) NOT NULL, status text NOT NULL, open_key uuid NOT NULL UNIQUE)`)
}
const opens = new Batches<Open, string>(async (rows) => {
  const result = await pool!.query<{ id: string; open_key: string }>(
    `INSERT INTO bench_floor_orders (user_no, symbol, side, lots, status, open_key)
       SELECT v.user, v.symbol, v.side, v.lots, 'open', v.key FROM jsonb_to_recordset($1::jsonb)
         AS v("user" int, symbol text, side text, lots numeric, key uuid)
     RETURNING id::text, open_key::text`,
    [JSON.stringify(rows)],
  )
  const ids = new Map(result.rows.map((r) => [r.open_key, r.id]))
  return rows.map((r) => ids.get(r.key)!)
})
const closes = new Batches<Close, boolean>(async (rows) => {
  const result = await pool!.query<{ id: string }>(
    `UPDATE bench_floor_orders o SET status = 'closed' FROM jsonb_to_recordset($1::jsonb) AS v("user" int, id bigint)
      WHERE o.id = v.id AND o.user_no = v.user AND o.status = 'open' RETURNING o.id::text`,
    [JSON.stringify(rows)],
  )
  const closed = new Set(result.rows.map((r) => r.id))
  return rows.map((r) => closed.has(r.id))
})

let durable = false
let nextId = 0
const users = new Map<string, number>()
const tokens = Array.from({ length: CONNECTIONS }, (_, i) => {
  const token = randomUUID()
  users.set(`Bearer ${token}`, i)
  return token
})
const app = Fastify()
const userOf = (authorization: string | undefined) => {
  const user = users.get(authorization ?? '')
  if (user === undefined) throw Object.assign(new Error('not signed in'), { statusCode: 401 })
  return user
}
app.post('/api/createContractOrder', async (request) => {
  const user = userOf(request.headers.authorization)
  const body = request.body as { symbol: string; side: string; lots: string }
  const key = String(request.headers['idempotency-key'])
  const orderNo = durable ? await opens.add({ user, symbol: body.symbol, side: body.side, lots: body.lots, key }) : String(++nextId)
  return { code: 200, data: { orderNo } }
})
app.post('/api/closePositionOrder', async (request) => {
  const user = userOf(request.headers.authorization)
  const id = (request.body as { orderNo: string }).orderNo
  if (durable && !(await closes.add({ user, id }))) throw Object.assign(new Error('no such position'), { statusCode: 409 })
  return { code: 200, data: null }
})
const address = await app.listen({ port: 0, host: '127.0.0.1' })
const port = Number(new URL(address).port)
const databaseCpuUs = databaseCpuReader(DATABASE_URL)

async function run(seconds: number) {
  const cpu = process.threadCpuUsage()
  const database = durable ? databaseCpuUs() : null
  const result: Result = await loadInWorker({ port, tokens, seconds })
  const used = process.threadCpuUsage(cpu)
  const databaseUs = database === null ? null : (databaseCpuUs()! - database) / result.orders
  return { ...result, perSecond: result.orders / result.seconds, cpuUs: (used.user + used.system) / result.orders, databaseUs }
}
const fmt = (r: Awaited<ReturnType<typeof run>>) =>
  `${Math.round(r.perSecond)} orders/s  p50 ${r.p50.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms  server CPU ${Math.round(r.cpuUs)} µs/order  client CPU ${Math.round(r.clientCpuUs)} µs/order` +
  (r.databaseUs === null ? '' : `  PostgreSQL CPU ${Math.round(r.databaseUs)} µs/order`) +
  (r.failed ? `  (${r.failed} not 200)` : '')

console.log(`the floor of bench:orders, ${CONNECTIONS} keep-alive connections (a user each, open then close), ${SECONDS} s x ${RUNS} runs`)
console.log(`machine: ${availableParallelism()} cores, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')} (1/5/15 min)`)
for (const level of pool ? ['http', 'durable'] : ['http']) {
  durable = level === 'durable'
  await run(WARMUP_SECONDS)
  const runs = []
  for (let i = 0; i < RUNS; i++) {
    const r = await run(SECONDS)
    runs.push(r)
    console.log(`  ${level} run ${i + 1}: ${fmt(r)}  load ${loadavg()[0]!.toFixed(2)}`)
  }
  const median = [...runs].sort((a, b) => a.perSecond - b.perSecond)[Math.floor(runs.length / 2)]!
  console.log(`${level} median: ${fmt(median)}`)
}
if (!pool) console.log('durable: not run (DATABASE_URL is not set)')
await app.close()
if (pool) {
  await pool.query(`DROP TABLE bench_floor_orders`)
  await pool.end()
}
