// npm run bench:socket — live prices to many sockets: the whole app (buildApp, no static files) in a child process
// ticking every BENCH_TICK_MS, and BENCH_CLIENTS visitor sockets in BENCH_WORKERS worker threads of this process
// that ping every 5 s as the app does. Prints delivery latency (tick time, stamped by the simulator, to receipt)
// p50/p99/max over BENCH_SECONDS, ticker frames per client per second, and the server's CPU and RSS (its process
// alone). Identical frames are inflated once per worker, so the load generator costs what a socket read costs.
// Env: BENCH_CLIENTS (5000), BENCH_SECONDS (20), BENCH_TICK_MS (250), BENCH_WORKERS (1), BENCH_WARMUP_SECONDS (3);
// DATABASE_URL and REDIS_URL run the server on PostgreSQL and Redis (ticks then cross Redis).
import { fork } from 'node:child_process'
import { availableParallelism, loadavg } from 'node:os'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads'
import { inflateSync } from 'node:zlib'
import WebSocket from 'ws'

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 5000)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20)
const TICK_MS = Number(process.env.BENCH_TICK_MS ?? 250)
const WORKERS = Number(process.env.BENCH_WORKERS ?? 1)
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3)
const PING_MS = 5000
/** Sockets opening at once: more overflows the listen backlog and costs retries, not realism. */
const CONNECT_CONCURRENCY = 200

type ServerStats = { cpuMs: number; rss: number; at: number; framesEncoded: number; framesSent: number; loopDelayP99: number }
type WorkerDone = {
  latencies: Float64Array
  frames: number
  pongs: number
  closed: number
  closeCodes: Record<number, number>
  clients: number
  loopDelayP99: number
}

/** The server process: the real app on in-memory PGlite (or DATABASE_URL), answering stats requests over IPC. */
async function serve() {
  const { buildApp } = await import('../server/app.ts')
  const app = await buildApp({
    databaseUrl: process.env.DATABASE_URL || undefined,
    redisUrl: process.env.REDIS_URL || undefined,
    // Its Redis channels: DEPLOYMENT_NAME, else this database's own (never another deployment's).
    deploymentName: process.env.DEPLOYMENT_NAME || undefined,
    logger: 'warn',
    tickMs: TICK_MS,
    // The clients ping every 5 s, but on a busy machine a starved load generator can fall 15 s behind while it
    // opens 5 000 sockets; its sockets closed as idle would measure the machine, not the server.
    socketIdleMs: 60_000,
    // Every bench client comes from this one address.
    socketsPerAddress: CLIENTS + 100,
  })
  const address = await app.listen({ port: 0, host: '127.0.0.1' })
  // Event-loop delay tells a server too slow for its sockets from a machine too busy for the bench.
  const loop = monitorEventLoopDelay({ resolution: 10 })
  loop.enable()
  const stats = (): ServerStats => {
    const loopDelayP99 = loop.percentile(99) / 1e6
    loop.reset()
    const cpu = process.cpuUsage()
    return { cpuMs: (cpu.user + cpu.system) / 1000, rss: process.memoryUsage.rss(), at: performance.now(), loopDelayP99, ...app.hub.stats }
  }
  process.on('message', (message: string) => {
    if (message === 'stats') process.send!(stats())
    if (message === 'stop') void app.close().then(() => process.exit(0))
  })
  process.send!({ port: Number(new URL(address).port) })
}

/** A worker: `count` sockets; latencies are kept between 'start' and 'stop'. */
async function clients({ port, count }: { port: number; count: number }) {
  const known: Array<{ raw: Buffer; time: number }> = []
  const latencies: number[] = []
  let measuring = false
  let frames = 0
  let pongs = 0
  let closed = 0
  const closeCodes: Record<number, number> = {}
  /** The tick time a frame carries; the same bytes reach every socket, so each distinct frame is inflated once. */
  function tickTime(raw: Buffer): number | null {
    for (const k of known) if (k.raw.length === raw.length && k.raw.equals(raw)) return k.time
    // A zlib stream whose one block is stored (the server's pongs) holds the JSON as it is: no inflate needed.
    const stored = (raw[2]! & 0x07) === 0x01
    const json = stored ? raw.subarray(7, raw.length - 4).toString() : inflateSync(raw).toString()
    const message = JSON.parse(json) as { messageType: string; data: Array<{ time: number }> }
    if (message.messageType === 'pong') {
      if (measuring) pongs++
      return null
    }
    if (message.messageType !== 'ticker') return null
    const time = Math.max(...message.data.map((t) => t.time))
    known.unshift({ raw, time })
    known.length = Math.min(known.length, 4)
    return time
  }
  const sockets: WebSocket[] = []
  const open = () =>
    new Promise<void>((resolve, reject) => {
      const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`)
      socket.on('message', (raw: Buffer) => {
        const received = Date.now()
        const time = tickTime(raw)
        if (time === null || !measuring) return
        frames++
        latencies.push(received - time)
      })
      socket.once('open', () => {
        sockets.push(socket)
        const ping = () => socket.readyState === WebSocket.OPEN && socket.send('{"type":"ping"}')
        setTimeout(() => setInterval(ping, PING_MS), Math.random() * PING_MS)
        resolve()
      })
      socket.once('error', reject)
      socket.once('close', (code) => {
        closed++
        closeCodes[code] = (closeCodes[code] ?? 0) + 1
      })
    })
  for (let i = 0; i < count; i += CONNECT_CONCURRENCY) {
    await Promise.all(Array.from({ length: Math.min(CONNECT_CONCURRENCY, count - i) }, open))
  }
  parentPort!.postMessage('connected')
  const loop = monitorEventLoopDelay({ resolution: 10 })
  parentPort!.on('message', (message: string) => {
    if (message === 'start') {
      measuring = true
      loop.enable()
    }
    if (message !== 'stop') return
    measuring = false
    const done: WorkerDone = { latencies: Float64Array.from(latencies), frames, pongs, closed, closeCodes, clients: sockets.length, loopDelayP99: loop.percentile(99) / 1e6 }
    parentPort!.postMessage(done, [done.latencies.buffer as ArrayBuffer])
    for (const socket of sockets) socket.terminate()
  })
}

const percentile = (sorted: Float64Array, q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function main() {
  const server = fork(new URL(import.meta.url), ['--serve'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
  const ask = <T>(message: string) => new Promise<T>((resolve) => server.once('message', (m) => resolve(m as T)).send(message))
  const { port } = await new Promise<{ port: number }>((resolve) => server.once('message', (m) => resolve(m as { port: number })))
  const idle = await ask<ServerStats>('stats')

  const workers = Array.from({ length: WORKERS }, (_, i) => {
    const count = Math.floor(CLIENTS / WORKERS) + (i < CLIENTS % WORKERS ? 1 : 0)
    return new Worker(new URL(import.meta.url), { workerData: { port, count } })
  })
  const next = (worker: Worker) => new Promise<unknown>((resolve, reject) => worker.once('message', resolve).once('error', reject))
  const connecting = performance.now()
  await Promise.all(workers.map(next))
  const connectSeconds = (performance.now() - connecting) / 1000
  await sleep(WARMUP_SECONDS * 1000)

  const before = await ask<ServerStats>('stats')
  const clientCpu = process.cpuUsage()
  for (const worker of workers) worker.postMessage('start')
  await sleep(SECONDS * 1000)
  const results = await Promise.all(workers.map((worker) => (worker.postMessage('stop'), next(worker) as Promise<WorkerDone>)))
  const after = await ask<ServerStats>('stats')
  const clientUsed = process.cpuUsage(clientCpu)
  const wall = after.at - before.at

  const all = Float64Array.from(results.flatMap((r) => [...r.latencies])).sort()
  const sum = (key: 'frames' | 'pongs' | 'closed' | 'clients') => results.reduce((n, r) => n + r[key], 0)
  const connected = sum('clients')
  const db = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite (memory)'
  console.log(`${connected} sockets (${WORKERS} client thread(s), connected in ${connectSeconds.toFixed(1)} s), tick ${TICK_MS} ms, ` +
    `${SECONDS} s, ${db}${process.env.REDIS_URL ? ' + Redis' : ''}`)
  console.log(`machine: ${availableParallelism()} cores, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')} (1/5/15 min)`)
  console.log(`delivery latency: p50 ${percentile(all, 0.5)} ms  p99 ${percentile(all, 0.99)} ms  max ${all[all.length - 1]} ms ` +
    `(${all.length} ticker frames, ${(sum('frames') / connected / SECONDS).toFixed(2)} per client per second)`)
  const sent = after.framesSent - before.framesSent
  console.log(`server: CPU ${((100 * (after.cpuMs - before.cpuMs)) / wall).toFixed(0)} % of one core ` +
    `(${((1000 * (after.cpuMs - before.cpuMs)) / sent).toFixed(1)} µs per socket message), ` +
    `RSS ${mb(after.rss)} (${mb(idle.rss)} before the clients), deflates ${after.framesEncoded - before.framesEncoded}, ` +
    `socket messages ${sent}, event-loop delay p99 ${after.loopDelayP99.toFixed(0)} ms`)
  const clientLoop = Math.max(...results.map((r) => r.loopDelayP99))
  console.log(`clients: CPU ${((clientUsed.user + clientUsed.system) / 10 / wall).toFixed(0)} %, event-loop delay p99 ` +
    `${clientLoop.toFixed(0)} ms, pongs ${sum('pongs')}, ` +
    `sockets closed early ${sum('closed')}${sum('closed') ? ` (codes ${JSON.stringify(results.map((r) => r.closeCodes))})` : ''}`)
  await Promise.all(workers.map((worker) => worker.terminate()))
  server.send('stop')
}

if (!isMainThread) await clients(workerData as { port: number; count: number })
else if (process.argv.includes('--serve')) await serve()
else await main()
