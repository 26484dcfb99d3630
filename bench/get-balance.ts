// npm run bench:getbalance — the hot read path through real HTTP on loopback: the whole app (buildApp) listening on
// a port, and a load loop of BENCH_CONNECTIONS keep-alive connections (node:http agents) in a worker thread, so the
// server's event loop is the main thread's alone. Each connection is its own signed-in user. Prints, for
// GET /api/getBalance and two public GETs for comparison (/api/getNotice reads the database once, like getBalance;
// /api/queryLanguageList does not), requests/s, p50/p99 latency and the server's CPU time per request (its thread's
// own, so other processes on the machine do not inflate it), per run and the median run, with the load average.
// The server logs as in production (one line per request), into a sink.
// Env: DATABASE_URL (PostgreSQL; PGlite in memory without it), BENCH_SECONDS (10), BENCH_RUNS (3),
// BENCH_CONNECTIONS (50), BENCH_WARMUP_SECONDS (2).
import { Agent, request } from 'node:http'
import { availableParallelism, loadavg } from 'node:os'
import { performance } from 'node:perf_hooks'
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const RUNS = Number(process.env.BENCH_RUNS ?? 3)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50)
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2)

type Job = { port: number; path: string; tokens: string[]; seconds: number }
type Result = { requests: number; failed: number; seconds: number; p50: number; p99: number }

/** The worker: CONNECTIONS loops, each on its own keep-alive socket, each sending the next request on an answer. */
async function load({ port, path, tokens, seconds }: Job): Promise<Result> {
  const agent = new Agent({ keepAlive: true, maxSockets: tokens.length })
  const latencies: number[] = []
  let failed = 0
  const get = (token: string) =>
    new Promise<number>((resolve, reject) => {
      const headers = token ? { authorization: `Bearer ${token}` } : {}
      const req = request({ host: '127.0.0.1', port, path, agent, headers }, (res) => {
        res.resume()
        res.on('end', () => resolve(res.statusCode ?? 0))
      })
      req.on('error', reject)
      req.end()
    })
  const end = performance.now() + seconds * 1000
  const started = performance.now()
  await Promise.all(
    tokens.map(async (token) => {
      while (performance.now() < end) {
        const sent = performance.now()
        const status = await get(token)
        latencies.push(performance.now() - sent)
        if (status !== 200) failed++
      }
    }),
  )
  const elapsed = (performance.now() - started) / 1000
  agent.destroy()
  latencies.sort((a, b) => a - b)
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0
  return { requests: latencies.length, failed, seconds: elapsed, p50: at(0.5), p99: at(0.99) }
}

if (!isMainThread) {
  parentPort!.postMessage(await load(workerData as Job))
} else {
  const { buildApp } = await import('../server/app.ts')
  const { signedPayload, newWallet } = await import('../server/test/helpers.ts')

  const sink = { write: () => {} }
  const app = await buildApp({
    databaseUrl: process.env.DATABASE_URL || undefined,
    redisUrl: process.env.REDIS_URL || undefined,
    // Its Redis channels: DEPLOYMENT_NAME, else this database's own (never another deployment's).
    deploymentName: process.env.DEPLOYMENT_NAME || undefined,
    // AppOptions names a level; buildApp hands any logger option to Fastify: the production line, into a sink.
    logger: { level: 'info', stream: sink } as unknown as string,
    tickMs: 0,
    rateLimit: { max: 1_000_000_000, signInMax: 1_000_000_000 },
  })
  const address = await app.listen({ port: 0, host: '127.0.0.1' })
  const port = Number(new URL(address).port)

  const tokens: string[] = []
  for (let i = 0; i < CONNECTIONS; i++) {
    const res = await app.inject({ method: 'POST', url: '/api/checkSign', payload: await signedPayload(newWallet()) })
    tokens.push((res.json() as { data: string }).data)
  }

  const inWorker = (job: Job) =>
    new Promise<Result>((resolve, reject) => {
      const worker = new Worker(new URL(import.meta.url), { workerData: job })
      worker.once('message', resolve)
      worker.once('error', reject)
    })

  /** One run, with the CPU time the server's thread spent on it (what other processes take does not count). */
  async function run(path: string, withTokens: boolean, seconds: number) {
    const cpu = process.threadCpuUsage()
    const result = await inWorker({ port, path, tokens: withTokens ? tokens : tokens.map(() => ''), seconds })
    const used = process.threadCpuUsage(cpu)
    return { ...result, perSecond: result.requests / result.seconds, cpuUs: (used.user + used.system) / result.requests }
  }

  const fmt = (r: Awaited<ReturnType<typeof run>>) =>
    `${Math.round(r.perSecond)} req/s  p50 ${r.p50.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms  server CPU ${Math.round(r.cpuUs)} µs/req` +
    (r.failed ? `  (${r.failed} not 200)` : '')

  const db = process.env.DATABASE_URL ? `PostgreSQL (${new URL(process.env.DATABASE_URL).pathname.slice(1)})` : 'PGlite (memory)'
  console.log(`HTTP on loopback, ${CONNECTIONS} keep-alive connections, ${SECONDS} s x ${RUNS} runs each, ${db}`)
  console.log(`machine: ${availableParallelism()} cores, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')} (1/5/15 min)`)
  for (const [path, withTokens] of [
    ['/api/getBalance', true],
    ['/api/getNotice', false],
    ['/api/queryLanguageList', false],
  ] as const) {
    await run(path, withTokens, WARMUP_SECONDS)
    const runs = []
    for (let i = 0; i < RUNS; i++) {
      const r = await run(path, withTokens, SECONDS)
      runs.push(r)
      console.log(`  ${path} run ${i + 1}: ${fmt(r)}`)
    }
    const median = [...runs].sort((a, b) => a.perSecond - b.perSecond)[Math.floor(runs.length / 2)]!
    console.log(`${path} median: ${fmt(median)}`)
  }
  console.log(`load average after: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`)
  await app.close()
}
