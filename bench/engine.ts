// npm run bench:engine — what a tick costs the order engine's trigger index (server/market/engine/trigger-index.ts):
// 100 000 open positions with a TP and an SL each (200 000 triggers) spread over the catalogue's instruments, then
// 1 000 ticks/s (a batch of 100 quotes every 100 ms, as the simulator sends them) across the instruments, none
// reaching a level: median and p99 cost of one tick. Then ticks that trigger 1 000 closes at once (index work only:
// the closes' ledger postings are the orders module's). Also the leader's rebuild time (adding every trigger) and
// the cost of adding and removing an order's triggers.
// Env: BENCH_POSITIONS (100000), BENCH_SECONDS (10), BENCH_BURSTS (50).
import { cpus, loadavg } from 'node:os'
import { performance } from 'node:perf_hooks'
import { instruments } from '../server/market/catalogue.ts'
import { TriggerIndex, type Trigger } from '../server/market/engine/trigger-index.ts'

const POSITIONS = Number(process.env.BENCH_POSITIONS ?? 100_000)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const BURSTS = Number(process.env.BENCH_BURSTS ?? 50)
const TICKS_PER_BATCH = 100
const BATCH_MS = 100

/** Prices as integers of 10^−digits (exact), printed back as decimal strings with the instrument's digits. */
const toUnits = (price: string, digits: number) => {
  const [whole, fraction = ''] = price.split('.')
  return BigInt(whole! + fraction.padEnd(digits, '0'))
}
const fmt = (units: bigint, digits: number) => {
  const s = units.toString().padStart(digits + 1, '0')
  return digits === 0 ? s : `${s.slice(0, -digits)}.${s.slice(-digits)}`
}
const spreadUnits = (i: (typeof instruments)[number]) => toUnits(i.spread, i.digits)
const digitsOf = new Map(instruments.map((i) => [i.symbol, i.digits]))
const index = new TriggerIndex((s) => digitsOf.get(s)!)

const rand = (n: number) => Math.floor(Math.random() * n)
/** Levels sit 2 % to 6 % away from the start price; the walk below stays within 1 %, so nothing triggers. */
const away = (mid: bigint) => (mid * BigInt(200 + rand(400))) / 10_000n

const triggers: Trigger[] = []
for (let n = 0; n < POSITIONS; n++) {
  const inst = instruments[n % instruments.length]!
  const mid = toUnits(inst.start, inst.digits)
  const side = rand(2) === 0 ? 'buy' : 'sell'
  const up = fmt(mid + away(mid), inst.digits)
  const down = fmt(mid - away(mid), inst.digits)
  const id = `${n + 1}`
  triggers.push({ id, symbol: inst.symbol, kind: 'tp', side, level: side === 'buy' ? up : down })
  triggers.push({ id, symbol: inst.symbol, kind: 'sl', side, level: side === 'buy' ? down : up })
}
const rebuildCpu = process.cpuUsage()
let t0 = performance.now()
for (const t of triggers) index.add(t)
const rebuildMs = performance.now() - t0
const rebuildCpuUsed = process.cpuUsage(rebuildCpu)
const rebuildCpuMs = (rebuildCpuUsed.user + rebuildCpuUsed.system) / 1000

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!
const us = (ms: number) => `${(ms * 1000).toFixed(1)} µs`
const describe = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  return `median ${us(pct(s, 50))}, p99 ${us(pct(s, 99))}, max ${us(s[s.length - 1]!)}`
}

// Quiet ticks: a random walk within ±1 % of each start price, quotes prepared before they are timed.
const walk = new Map(instruments.map((i) => [i.symbol, toUnits(i.start, i.digits)]))
function nextQuote(): [string, string, string] {
  const inst = instruments[rand(instruments.length)]!
  const start = toUnits(inst.start, inst.digits)
  let mid = walk.get(inst.symbol)! + (start * BigInt(rand(21) - 10)) / 100_000n
  if (mid > start + start / 100n || mid < start - start / 100n) mid = start
  walk.set(inst.symbol, mid)
  return [inst.symbol, fmt(mid, inst.digits), fmt(mid + spreadUnits(inst), inst.digits)]
}

const quiet: number[] = []
/** CPU time (user + system) per tick of each batch: what a loaded machine's preemption does not inflate. */
const quietCpu: number[] = []
const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since)
  return (used.user + used.system) / 1000
}
let fired = 0
await new Promise<void>((resolve) => {
  const end = performance.now() + SECONDS * 1000
  const timer = setInterval(() => {
    const batch = Array.from({ length: TICKS_PER_BATCH }, nextQuote)
    const cpu = process.cpuUsage()
    for (const [symbol, bid, ask] of batch) {
      const start = performance.now()
      fired += index.collect(symbol, bid, ask).length
      quiet.push(performance.now() - start)
    }
    quietCpu.push(cpuMs(cpu) / TICKS_PER_BATCH)
    if (performance.now() >= end) {
      clearInterval(timer)
      resolve()
    }
  }, BATCH_MS)
})

// Bursts: 1 000 buy positions on EURUSD with TPs from 1.16600 to 1.16999 (the 100 000 above have theirs 2 % or more
// away from 1.16500), then one tick at bid 1.17600 closes them all, among 200 000 triggers.
const eur = instruments.find((i) => i.symbol === 'EURUSD')!
const burst: number[] = []
const burstCpu: number[] = []
const adds: number[] = []
for (let b = 0; b < BURSTS; b++) {
  t0 = performance.now()
  for (let k = 0; k < 1000; k++) {
    const id = `burst-${b}-${k}`
    index.add({ id, symbol: 'EURUSD', kind: 'tp', side: 'buy', level: fmt(116_600n + BigInt(k), eur.digits) })
    index.add({ id, symbol: 'EURUSD', kind: 'sl', side: 'buy', level: '1.00000' })
  }
  adds.push((performance.now() - t0) / 1000)
  const cpu = process.cpuUsage()
  const start = performance.now()
  const closed = index.collect('EURUSD', '1.17600', '1.17612')
  burst.push(performance.now() - start)
  burstCpu.push(cpuMs(cpu))
  if (closed.length !== 1000) throw new Error(`expected 1 000 closes, got ${closed.length}`)
}

// Removing an order's triggers (a user's close): lazy, compaction included.
const removes: number[] = []
for (let n = 1; n <= Math.min(POSITIONS, 20_000); n++) {
  const start = performance.now()
  index.remove(`${n}`)
  removes.push(performance.now() - start)
}

console.log(`bench:engine — ${POSITIONS} positions with TP and SL (${triggers.length} triggers) over ${instruments.length} instruments`)
console.log(`  rebuild (leader start): ${rebuildMs.toFixed(0)} ms (CPU ${rebuildCpuMs.toFixed(0)} ms) for ${triggers.length} triggers`)
console.log(`  quiet tick (${quiet.length} ticks at ${(TICKS_PER_BATCH * 1000) / BATCH_MS}/s, ${fired} fired): ${describe(quiet)}`)
const quietTotal = quiet.reduce((a, b) => a + b, 0)
console.log(`  time in the index per second of ticks: ${((quietTotal / quiet.length) * 1000).toFixed(2)} ms (mean ${us(quietTotal / quiet.length)} a tick)`)
console.log(`  quiet tick CPU time (per tick, by batch of ${TICKS_PER_BATCH}): ${describe(quietCpu)}`)
console.log(`  tick closing 1 000 positions (${BURSTS} runs): ${describe(burst)}`)
console.log(`  tick closing 1 000 positions, CPU time: ${describe(burstCpu)}`)
console.log(`  add one order's TP and SL: ${describe(adds)}; remove an order: ${describe(removes)}`)
console.log(`  load average while measuring: ${loadavg().map((l) => l.toFixed(1)).join(' ')} on ${cpus().length} cores`)
console.log(`  heap used: ${(process.memoryUsage().heapUsed / 1e6).toFixed(0)} MB`)

// Then the engine itself on a database (bench/engine-refresh.ts): a tick that refreshes a stale account.
const { measureRefresh } = await import('./engine-refresh.ts')
await measureRefresh(POSITIONS, describe)
