// npm run bench:password — do password hashes slow down the app's files? One server (node server/main.ts, PGlite in
// a temporary DATA_DIR) on loopback serves the built app while BENCH_LOGINS (32) clients sign in with e-mail and
// password in a loop, so that many scrypt hashes are always running or queued. Other clients fetch static files
// (sw.js, index.html, a large script) all the while. Prints static p50/p99 alone and during the sign-ins, and the
// sign-ins' own rate and latency. Target: static p99 under 100 ms during the sign-ins.
// The files come from STATIC_DIR if set, else dist/ when built, else are generated (staticApp below).
// Env: BENCH_SECONDS (10), BENCH_LOGINS (32), BENCH_STATIC_CLIENTS (4).
import { spawn } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { readOutbox } from '../server/modules/password/mailer.ts'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const LOGINS = Number(process.env.BENCH_LOGINS ?? 32)
const STATIC_CLIENTS = Number(process.env.BENCH_STATIC_CLIENTS ?? 4)
const ROOT = new URL('..', import.meta.url)

const work = mkdtempSync(join(tmpdir(), 'keelson-bench-password-'))
const dataDir = join(work, 'data')

/**
 * The files to serve, copied into the bench's own folder so a rebuild of dist/ during the run cannot disturb it:
 * index.html, sw.js and the largest script of dist/ when it is built, else generated files of realistic sizes
 * (index.html ~3 KB, sw.js ~30 KB, a script ~200 KB).
 */
function staticApp(): { dir: string; source: string; files: string[] } {
  const dir = join(work, 'app')
  mkdirSync(join(dir, 'assets'), { recursive: true })
  const dist = process.env.STATIC_DIR || new URL('dist', ROOT).pathname
  if (existsSync(join(dist, 'index.html')) && existsSync(join(dist, 'sw.js'))) {
    const scripts = readdirSync(join(dist, 'assets')).filter((name) => name.endsWith('.js'))
    const largest = scripts.sort((a, b) => statSync(join(dist, 'assets', b)).size - statSync(join(dist, 'assets', a)).size)[0]!
    for (const file of ['index.html', 'sw.js', `assets/${largest}`]) copyFileSync(join(dist, file), join(dir, file))
    return { dir, source: dist, files: ['/sw.js', '/index.html', `/assets/${largest}`] }
  }
  writeFileSync(join(dir, 'index.html'), `<!doctype html><title>Keelson</title>${'<!-- padding -->'.repeat(180)}`)
  writeFileSync(join(dir, 'sw.js'), `self.addEventListener('fetch', () => {})\n${'// padding\n'.repeat(3000)}`)
  writeFileSync(join(dir, 'assets', 'index-Bq3xZ9aT.js'), `console.log(1)\n${'// padding\n'.repeat(20_000)}`)
  return { dir, source: 'generated', files: ['/sw.js', '/index.html', '/assets/index-Bq3xZ9aT.js'] }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN
const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return { n: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) ?? NaN }
}
const ms = (value: number) => `${value.toFixed(1)} ms`

const app = staticApp()
// Other work on the machine moves every figure; say how busy it was.
const loadBefore = loadavg()[0]!
const port = await freePort()
const base = `http://127.0.0.1:${port}`
const server = spawn(process.execPath, ['server/main.ts'], {
  cwd: ROOT,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    STATIC_DIR: app.dir,
    DATABASE_URL: '',
    REDIS_URL: '',
    TICK_MS: '0',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '100000000',
    RATE_LIMIT_SIGNIN_MAX: '100000000',
  },
})

async function until<T>(what: string, attempt: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    const value = await attempt().catch(() => undefined)
    if (value !== undefined) return value
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`bench: ${what} did not happen within a minute`)
}

async function signUp(email: string, password: string) {
  await until('the server start', async () => ((await fetch(`${base}${app.files[0]}`)).ok ? true : undefined))
  const asked = await fetch(`${base}/api/getEmailCode?email=${encodeURIComponent(email)}&purpose=register`)
  if (!asked.ok) throw new Error(`bench: getEmailCode answered ${asked.status}`)
  const code = await until('the code mail', async () => (await readOutbox(join(dataDir, 'outbox')))[0]?.text.match(/\b\d{6}\b/)?.[0])
  const registered = await fetch(`${base}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, code }),
  })
  if (!registered.ok) throw new Error(`bench: register answered ${registered.status} ${await registered.text()}`)
}

/** Fetches the static files round-robin until `end`; one latency per file, body read to the end. */
async function fetchStatic(end: number, into: number[]) {
  for (let i = 0; performance.now() < end; i++) {
    const started = performance.now()
    const res = await fetch(`${base}${app.files[i % app.files.length]}`)
    await res.arrayBuffer()
    if (!res.ok) throw new Error(`bench: ${res.url} answered ${res.status}`)
    into.push(performance.now() - started)
  }
}

async function signInLoop(end: number, body: string, into: number[], refused: { count: number }) {
  while (performance.now() < end) {
    const started = performance.now()
    const res = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
    await res.arrayBuffer()
    if (res.ok) into.push(performance.now() - started)
    else refused.count++
  }
}

try {
  const email = 'bench@example.com'
  const password = 'bench password 1'
  await signUp(email, password)
  const body = JSON.stringify({ email, password })
  const quiet: number[] = []
  const quietEnd = performance.now() + 3000
  await Promise.all(Array.from({ length: STATIC_CLIENTS }, () => fetchStatic(quietEnd, quiet)))

  const loaded: number[] = []
  const logins: number[] = []
  const refused = { count: 0 }
  const end = performance.now() + SECONDS * 1000
  await Promise.all([
    ...Array.from({ length: LOGINS }, () => signInLoop(end, body, logins, refused)),
    // The sign-ins start first, so the files are fetched while the hashes queue up.
    new Promise((resolve) => setTimeout(resolve, 200)).then(() =>
      Promise.all(Array.from({ length: STATIC_CLIENTS }, () => fetchStatic(end, loaded))),
    ),
  ])

  const q = summary(quiet)
  const l = summary(loaded)
  const s = summary(logins)
  console.log(`app: ${app.source} (${app.files.join(', ')}); ${STATIC_CLIENTS} static clients, ${LOGINS} sign-in clients, ${SECONDS} s`)
  console.log(`static alone:          p50 ${ms(q.p50)}  p99 ${ms(q.p99)}  max ${ms(q.max)}  (${q.n} files)`)
  console.log(`static during sign-in: p50 ${ms(l.p50)}  p99 ${ms(l.p99)}  max ${ms(l.max)}  (${l.n} files)`)
  console.log(`sign-ins: ${(s.n / SECONDS).toFixed(1)}/s, p50 ${ms(s.p50)}  p99 ${ms(s.p99)}, refused ${refused.count}`)
  console.log(`machine: ${availableParallelism()} cores, load average ${loadBefore.toFixed(1)} before, ${loadavg()[0]!.toFixed(1)} after`)
  console.log(l.p99 < 100 ? 'static p99 under 100 ms: met' : 'static p99 under 100 ms: NOT met')
} finally {
  if (server.exitCode === null && server.signalCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve))
    server.kill('SIGTERM')
    await exited
  }
  rmSync(work, { recursive: true, force: true })
}
