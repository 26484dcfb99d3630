// node bench/first-visit-trace.ts [path] — where a first visit's main thread goes, to act on rather than a score.
// Opens the page once in Chromium as Lighthouse's phone does (412x823, touch, CPU slowed 4x, fresh profile), records
// a trace with the V8 sampling profiler for SECONDS (8 unless --seconds N), and prints: the long tasks (over 50 ms)
// with when they ran and the functions that ran longest inside each, then self time per script and per function
// over the whole visit. The machine's load is printed with it: beside other jobs every figure grows.
// Options: --no-build, --seconds N, --cpu N (slowdown, 4 unless given; 1 = none), --out FILE (the raw trace, for
// Chromium's Performance panel), STATIC_DIR=<folder> to trace another build.
import { writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { chromium } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH, buildUnlessAsked, startBuiltServer } from './serve-built.ts'

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(name)
  return i > 0 ? process.argv[i + 1]! : fallback
}
const path = process.argv[2]?.startsWith('/') ? process.argv[2] : '/'
const SECONDS = Number(arg('--seconds', '8'))
const CPU = Number(arg('--cpu', '4'))
const OUT = arg('--out', '')

type Node = { id: number; parent?: number; children?: number[]; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number } }
type TraceEvent = {
  name: string
  ph: string
  pid: number
  tid: number
  ts: number
  dur?: number
  id?: string
  args?: {
    name?: string
    data?: {
      documentLoaderURL?: string
      startTime?: number
      cpuProfile?: { nodes?: Node[]; samples?: number[] }
      timeDeltas?: number[]
    }
  }
}

buildUnlessAsked()
const server = await startBuiltServer()
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
const loadBefore = loadavg()[0]!
const url = `${server.url}${path}`
let trace: { traceEvents: TraceEvent[] }
try {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1.75 })
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  if (CPU > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU })
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'disabled-by-default-v8.cpu_profiler', 'disabled-by-default-v8.cpu_profiler.hires', 'blink.user_timing', 'loading'],
  })
  await page.goto(url, { waitUntil: 'commit' })
  await page.waitForTimeout(SECONDS * 1000)
  const buffer = await browser.stopTracing()
  if (OUT) writeFileSync(OUT, buffer)
  trace = JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] }
} finally {
  await browser.close()
  await server.stop()
}
const events = trace.traceEvents
console.log(`${path}: ${SECONDS} s from navigation, CPU ${CPU}x slower, load ${loadBefore.toFixed(1)} -> ${loadavg()[0]!.toFixed(1)} (2 cores)`)

// The page's main thread: the one that started the navigation to it.
const start = events.find((e) => e.name === 'navigationStart' && String(e.args?.data?.documentLoaderURL ?? '').startsWith(url))
if (!start) throw new Error(`no navigation to ${url} in the trace`)
const onMain = (e: TraceEvent) => e.pid === start.pid && e.tid === start.tid
const navigation = start.ts

// The sampling profiler's samples on that thread, each with its stack's leaf node.
const nodes = new Map<number, Node>()
const samples: { ts: number; node: number }[] = []
// The profiler writes its chunks from a thread of its own in the same process.
const profileIds = new Set(events.filter((e) => e.name === 'Profile' && onMain(e)).map((e) => e.id))
let clock = 0
for (const e of events) {
  if (e.name === 'Profile' && profileIds.has(e.id)) clock = e.args?.data?.startTime ?? clock
  if (e.name !== 'ProfileChunk' || e.pid !== start.pid || !profileIds.has(e.id)) continue
  const cpu = e.args?.data?.cpuProfile ?? {}
  for (const n of cpu.nodes ?? []) nodes.set(n.id, n)
  const deltas = e.args?.data?.timeDeltas ?? []
  ;(cpu.samples ?? []).forEach((node, i) => {
    clock += deltas[i] ?? 0
    samples.push({ ts: clock, node })
  })
}
samples.sort((a, b) => a.ts - b.ts)
const IDLE = new Set(['(idle)', '(program)', '(root)'])
const script = (url: string) => (url ? new URL(url).pathname.replace(/-[\w-]{8}\.js$/, '.js') : '(native)')
const label = (n: Node) => `${n.callFrame.functionName || '(anonymous)'} ${script(n.callFrame.url)}:${n.callFrame.lineNumber + 1}:${n.callFrame.columnNumber + 1}`
/** Time per sample: the gap to the next one (the profiler's interval is not exact). */
const weight = (i: number) => Math.min((samples[i + 1]?.ts ?? samples[i]!.ts) - samples[i]!.ts, 10_000)

function tally(from: number, to: number, key: (n: Node) => string | null) {
  const out = new Map<string, number>()
  samples.forEach((s, i) => {
    if (s.ts < from || s.ts >= to) return
    const n = nodes.get(s.node)
    if (!n || IDLE.has(n.callFrame.functionName)) return
    const k = key(n)
    if (k) out.set(k, (out.get(k) ?? 0) + weight(i))
  })
  return [...out].sort((a, b) => b[1] - a[1])
}
/** The app's own frame nearest the leaf: which of our functions (or the framework's) the time was spent under. */
const nearestScript = (n: Node): string | null => {
  for (let cur: Node | undefined = n; cur; cur = cur.parent === undefined ? undefined : nodes.get(cur.parent)) if (cur.callFrame.url) return label(cur)
  return n.callFrame.functionName
}
for (const n of nodes.values()) for (const child of n.children ?? []) if (nodes.get(child)) nodes.get(child)!.parent = n.id
/** Every app function on the sample's stack (not the framework's), once: time spent in it and what it called. */
function inclusive(from: number, to: number) {
  const out = new Map<string, number>()
  samples.forEach((s, i) => {
    if (s.ts < from || s.ts >= to) return
    const seen = new Set<string>()
    for (let cur = nodes.get(s.node); cur; cur = cur.parent === undefined ? undefined : nodes.get(cur.parent)) {
      const { url, functionName } = cur.callFrame
      if (!url || /framework|rolldown-runtime/.test(url) || functionName === '') continue
      const k = label(cur)
      if (!seen.has(k)) out.set(k, (out.get(k) ?? 0) + weight(i))
      seen.add(k)
    }
  })
  return [...out].sort((a, b) => b[1] - a[1])
}
const ms = (us: number) => `${Math.round(us / 1000)} ms`

// Long tasks: what the main thread ran without a break, over 50 ms, and what ran in each.
const tasks = events.filter((e) => onMain(e) && e.name === 'RunTask' && (e.dur ?? 0) > 50_000).sort((a, b) => a.ts - b.ts)
let blocking = 0
console.log(`\nLong tasks (${tasks.length}):`)
for (const t of tasks) {
  blocking += t.dur! - 50_000
  const inside = events.filter((e) => onMain(e) && e.ts >= t.ts && e.ts < t.ts + t.dur! && e.name !== 'RunTask' && (e.dur ?? 0) > 0)
  const kinds = ['EvaluateScript', 'v8.evaluateModule', 'FunctionCall', 'TimerFire', 'FireAnimationFrame', 'EventDispatch', 'RunMicrotasks', 'Layout', 'UpdateLayoutTree', 'ParseHTML', 'Paint']
  const what = kinds
    .map((k) => [k, inside.filter((e) => e.name === k).reduce((s, e) => s + e.dur!, 0)] as const)
    .filter(([, d]) => d > 5_000)
    .map(([k, d]) => `${k} ${ms(d)}`)
    .join(', ')
  console.log(`  at ${ms(t.ts - navigation)}: ${ms(t.dur!)} (${what})`)
  for (const [f, d] of tally(t.ts, t.ts + t.dur!, nearestScript).slice(0, 6)) console.log(`      ${ms(d).padStart(7)}  ${f}`)
  const under = inclusive(t.ts, t.ts + t.dur!).slice(0, 6)
  if (under.length) console.log(`      under the app's: ${under.map(([f, d]) => `${f.split(' ')[0]} ${ms(d)}`).join(', ')}`)
}
console.log(`  total blocking (over 50 ms each): ${ms(blocking)}`)

console.log('\nTime inside the app\'s functions (what they called included):')
for (const [f, d] of inclusive(-Infinity, Infinity).slice(0, 25)) console.log(`  ${ms(d).padStart(7)}  ${f}`)
console.log('\nSelf time per script:')
for (const [f, d] of tally(-Infinity, Infinity, (n) => script(n.callFrame.url)).slice(0, 12)) console.log(`  ${ms(d).padStart(7)}  ${f}`)
console.log('\nSelf time per function (the nearest script frame for native work):')
for (const [f, d] of tally(-Infinity, Infinity, nearestScript).slice(0, 25)) console.log(`  ${ms(d).padStart(7)}  ${f}`)
