// npm run bench:start — how long `npm start` takes to answer, and what the started server holds in memory.
// For each case, RUNS starts of `node scripts/start.ts` (what `npm start` runs, after its Node check): the time from
// spawning the process to the first 200 of GET /api/queryLanguageList, and the process's RSS IDLE seconds after that
// answer. Cases: a fresh PGlite folder (new each run), an existing one (made by one uncounted start, then reused),
// PostgreSQL (DATABASE_URL, migrated by one uncounted start; skipped without it), and the floor: a bare Fastify
// server answering the same route (bench/start-floor.ts), started the same way. Prints medians, the ratio to the
// floor, and the load average beside each run (the machine may be shared).
// Flags: --runs N (5), --idle S (30), --cases fresh,existing,postgres (all), --root DIR (the checkout whose
// scripts/start.ts runs, default this one: a worktree of another commit measures that commit). Needs a build (dist/).
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'

const { values: flags } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    idle: { type: 'string', default: '30' },
    cases: { type: 'string', default: 'fresh,existing,postgres' },
    root: { type: 'string', default: '.' },
  },
})
const RUNS = Number(flags.runs)
const IDLE_MS = Number(flags.idle) * 1000
const ROOT = resolve(flags.root)
const CASES = flags.cases.split(',')
const FLOOR = resolve(import.meta.dirname, 'start-floor.ts')
const ROUTE = '/api/queryLanguageList'
/** A start that has not answered after this long counts as failed. */
const GIVE_UP_MS = 600_000

if (!existsSync(join(ROOT, 'dist', 'index.html'))) {
  console.error(`No build in ${ROOT}/dist: run npm run build there first (npm start would build it, and the bench would time the build).`)
  process.exit(1)
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer()
    probe.once('error', fail)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => done(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms))

/** Resident set size of a process, from /proc (Linux). */
function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'))
  return Number(line?.match(/\d+/)?.[0] ?? NaN) / 1024
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((done) => child.once('exit', done))
  child.kill('SIGTERM')
  const force = setTimeout(() => child.kill('SIGKILL'), 15_000)
  await exited
  clearTimeout(force)
}

type Run = { firstMs: number; rssMb: number; load: number }

/** One start: spawn, poll the route until a 200, wait idle, read RSS, stop. */
async function startOnce(script: string, env: NodeJS.ProcessEnv, idleMs: number): Promise<Run> {
  const port = await freePort()
  const load = loadavg()[0]!
  const started = performance.now()
  const child = spawn(process.execPath, [script], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', STATIC_DIR: 'dist', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk))
  try {
    let firstMs = NaN
    while (performance.now() - started < GIVE_UP_MS) {
      if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}): ${stderr.trim()}`)
      const status = await fetch(`http://127.0.0.1:${port}${ROUTE}`).then((r) => r.status, () => 0)
      if (status === 200) {
        firstMs = performance.now() - started
        break
      }
      await sleep(10)
    }
    if (Number.isNaN(firstMs)) throw new Error(`no answer after ${GIVE_UP_MS / 1000} s`)
    await sleep(idleMs)
    return { firstMs, rssMb: rssMb(child.pid!), load }
  } finally {
    await stop(child)
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  const m = Math.floor(s.length / 2)
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2
}

type Case = { name: string; script: string; env: () => NodeJS.ProcessEnv; prepare?: (base: NodeJS.ProcessEnv) => Promise<void> }

const dirs: string[] = []
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'keelson-bench-start-'))
  dirs.push(dir)
  return dir
}
const start = join(ROOT, 'scripts', 'start.ts')
const existing = tempDir()
const cases: Case[] = [{ name: 'floor (bare Fastify)', script: FLOOR, env: () => ({}) }]
if (CASES.includes('fresh')) cases.push({ name: 'PGlite, fresh folder', script: start, env: () => ({ DATA_DIR: tempDir() }) })
if (CASES.includes('existing')) {
  cases.push({
    name: 'PGlite, existing folder',
    script: start,
    env: () => ({ DATA_DIR: existing }),
    prepare: async (base) => void (await startOnce(start, { ...base, DATA_DIR: existing }, 0)),
  })
}
if (CASES.includes('postgres')) {
  if (process.env.DATABASE_URL) {
    cases.push({
      name: 'PostgreSQL',
      script: start,
      env: () => ({ DATA_DIR: tempDir() }),
      prepare: async (base) => void (await startOnce(start, { ...base, DATA_DIR: tempDir() }, 0)),
    })
  } else console.log('PostgreSQL: skipped (set DATABASE_URL, and REDIS_URL if the deployment uses one)')
}

console.log(`bench:start — ${ROOT}, ${cpus().length} cores, ${RUNS} runs per case, RSS ${IDLE_MS / 1000} s after the first answer`)
const results: { name: string; first: number; rss: number }[] = []
try {
  for (const c of cases) {
    // Only PostgreSQL reads DATABASE_URL; the PGlite cases and the floor run without it.
    const base = c.name === 'PostgreSQL' ? {} : { DATABASE_URL: '', REDIS_URL: '' }
    await c.prepare?.(base)
    const runs: Run[] = []
    for (let i = 0; i < RUNS; i++) {
      const run = await startOnce(c.script, { ...base, ...c.env() }, IDLE_MS)
      runs.push(run)
      console.log(`  ${c.name} #${i + 1}: first answer ${(run.firstMs / 1000).toFixed(2)} s, RSS ${run.rssMb.toFixed(0)} MB (load ${run.load.toFixed(1)})`)
    }
    results.push({ name: c.name, first: median(runs.map((r) => r.firstMs)), rss: median(runs.map((r) => r.rssMb)) })
  }
} finally {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
}
const floor = results[0]!
console.log('\nmedians                     first answer        idle RSS')
for (const r of results) {
  const ratio = r === floor ? '' : ` (${(r.first / floor.first).toFixed(1)}×)`
  const rssRatio = r === floor ? '' : ` (${(r.rss / floor.rss).toFixed(1)}×)`
  console.log(`  ${r.name.padEnd(26)}${`${(r.first / 1000).toFixed(2)} s${ratio}`.padEnd(20)}${r.rss.toFixed(0)} MB${rssRatio}`)
}
