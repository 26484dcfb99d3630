// The load both order benches put on a server (bench/orders.ts on the app, bench/orders-floor.ts on the floor beside
// it): BENCH_CONNECTIONS keep-alive connections in a worker thread, each its own user opening a position
// (POST /api/createContractOrder) and closing it (POST /api/closePositionOrder), again and again, each request with a
// new Idempotency-Key; and PostgreSQL's CPU on this machine, read from /proc.
import { randomUUID } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { connect } from 'node:net'
import { performance } from 'node:perf_hooks'
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads'

export type Job = { port: number; tokens: string[]; seconds: number }
export type Result = { orders: number; failed: number; seconds: number; p50: number; p99: number; clientCpuUs: number }

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


/** Runs the load in a worker thread (its CPU is the client's, apart from the server's thread). */
export const loadInWorker = (job: Job) =>
  new Promise<Result>((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: { orderLoad: job } })
    worker.once('message', resolve)
    worker.once('error', reject)
  })

if (!isMainThread && (workerData as { orderLoad?: Job } | null)?.orderLoad) {
  parentPort!.postMessage(await load((workerData as { orderLoad: Job }).orderLoad))
}

// PostgreSQL's CPU on this machine (Linux): utime + stime of the backends serving this database (their process
// title names it), from /proc, in µs (100 ticks a second): other databases' work on a shared machine is left out, and
// so is the server-wide WAL writer and checkpointer. The reader answers null when PostgreSQL is not local, or not
// readable.
export function databaseCpuReader(databaseUrl: string | undefined): () => number | null {
  const host = databaseUrl ? decodeURIComponent(new URL(databaseUrl).hostname) : '-'
  const local = ['127.0.0.1', 'localhost', '::1', '[::1]', ''].includes(host) || host.startsWith('/')
  const databaseName = databaseUrl ? decodeURIComponent(new URL(databaseUrl).pathname.slice(1)) : ''
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
  return databaseCpuUs
}
