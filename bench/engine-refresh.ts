// Part of npm run bench:engine (bench/engine.ts): what a tick costs the order engine (server/market/engine/engine.ts)
// when an account it caches went stale — a posting elsewhere marked it with book_changed — against a quiet tick,
// with POSITIONS open positions on in-memory PGlite. Ten positions an account, all in one symbol and on one side, so
// the refresh computes a stop-out price by bisection (the dearer kind of watch). Each tick is one quote, timed from
// its publish until the engine is idle (wall clock, and the process's CPU time, which a busy machine's preemption
// does not inflate; PGlite runs in this process, so its work is counted). Env: BENCH_REFRESH_TICKS (300 of each kind).
import { performance } from 'node:perf_hooks'
import { sql } from 'drizzle-orm'
import type { Ticker } from '#contract/socket.ts'
import { dec, ratesFromQuotes, requiredMargin } from '#contract/trading-math.ts'
import { buildApp } from '../server/app.ts'
import { fundDemoBook } from '../server/ledger/books.ts'
import { instruments } from '../server/market/catalogue.ts'
import { engineOf } from '../server/market/engine/engine.ts'
import { orders } from '../server/modules/orders/orders.table.ts'

const PER_ACCOUNT = 10

export async function measureRefresh(positions: number, describe: (xs: number[]) => string): Promise<void> {
  const ticks = Number(process.env.BENCH_REFRESH_TICKS ?? 300)
  const accounts = Math.ceil(positions / PER_ACCOUNT)
  const app = await buildApp({ logger: false, tickMs: 0 })
  try {
    const at = Date.now()
    const quotes: Ticker[] = instruments.map((i) => ({ symbol: i.symbol, bid: i.start, ask: dec(i.start).plus(i.spread).toFixed(), time: at, simulated: true }))
    const rates = ratesFromQuotes(quotes)
    // Instruments every quote above can price (a margin currency converted through another quote).
    const usable = instruments.filter((i) => {
      try {
        requiredMargin(i, i.lotMin, i.leverages.at(-1)!, i.start, rates)
        return true
      } catch {
        return false
      }
    })
    const { rows } = (await app.db.execute(sql`
      INSERT INTO users (address, created_at)
        SELECT '0x' || lpad(to_hex(g), 40, '0') || '', now() FROM generate_series(1, ${accounts}) g
      RETURNING id`)) as unknown as { rows: { id: string }[] }
    const ids = rows.map((r) => r.id)
    for (let i = 0; i < ids.length; i += 1000) await Promise.all(ids.slice(i, i + 1000).map((id) => fundDemoBook(app.db, id)))
    const values: (typeof orders.$inferInsert)[] = []
    ids.forEach((userId, a) => {
      const inst = usable[a % usable.length]!
      const leverage = inst.leverages.at(-1)!
      const margin = requiredMargin(inst, inst.lotMin, leverage, inst.start, rates).toFixed()
      const up = dec(inst.start).times('1.03').toDecimalPlaces(inst.digits).toFixed()
      const down = dec(inst.start).times('0.97').toDecimalPlaces(inst.digits).toFixed()
      const side = a % 2 === 0 ? 'buy' : 'sell'
      for (let k = 0; k < PER_ACCOUNT; k++) {
        values.push({
          userId, book: 'demo', kind: 'contract', symbol: inst.symbol, side, lots: inst.lotMin, leverage, status: 'open',
          openPrice: inst.start, takeProfit: side === 'buy' ? up : down, stopLoss: side === 'buy' ? down : up, margin,
          marginCurrency: 'USDT', openTime: at, createTime: at, openKey: `bench:${userId}:${k}`,
        })
      }
    })
    for (let i = 0; i < values.length; i += 2000) await app.db.insert(orders).values(values.slice(i, i + 2000))
    const engine = engineOf(app)!
    const t0 = performance.now()
    await app.hub.publishTickers(quotes)
    await engine.idle()
    const rebuildMs = performance.now() - t0

    const tick = async (wall: number[], cpu: number[]) => {
      const inst = usable[Math.floor(Math.random() * usable.length)]!
      const cpuStart = process.cpuUsage()
      const start = performance.now()
      await app.hub.publishTickers([{ symbol: inst.symbol, bid: inst.start, ask: dec(inst.start).plus(inst.spread).toFixed(), time: Date.now(), simulated: true }])
      await engine.idle()
      wall.push(performance.now() - start)
      const used = process.cpuUsage(cpuStart)
      cpu.push((used.user + used.system) / 1000)
    }
    const quiet: number[] = []
    const quietCpu: number[] = []
    const stale: number[] = []
    const staleCpu: number[] = []
    const refreshes: number[] = []
    const backToBack: number[] = []
    const backToBackCpu: number[] = []
    // book_changed for a random account, as a posting on any process sends it (ledger/notify.ts).
    const bookChanged = () => app.hub.publishToUser(ids[Math.floor(Math.random() * ids.length)]!, { messageType: 'balance_update', data: { book: 'demo' } })
    for (let n = 0; n < ticks; n++) {
      await tick(quiet, quietCpu)
      // The first tick after an account went stale, the event heard before the tick as it is between ticks.
      const start = performance.now()
      await bookChanged()
      await engine.idle()
      refreshes.push(performance.now() - start)
      await tick(stale, staleCpu)
      // The tick right behind the event: it waits for the refresh.
      await bookChanged()
      await tick(backToBack, backToBackCpu)
    }
    console.log(`bench:engine (database) — ${values.length} open positions in ${accounts} accounts on in-memory PGlite`)
    console.log(`  leader rebuild (every trigger, every account refreshed): ${rebuildMs.toFixed(0)} ms`)
    console.log(`  quiet tick, publish to idle: ${describe(quiet)}; CPU time: ${describe(quietCpu)}`)
    console.log(`  first tick after an account went stale (book_changed heard before it): ${describe(stale)}; CPU time: ${describe(staleCpu)}`)
    console.log(`  book_changed to engine idle (the account re-read and its stop-out watch rebuilt): ${describe(refreshes)}`)
    console.log(`  tick published right behind book_changed, publish to idle: ${describe(backToBack)}; CPU time: ${describe(backToBackCpu)}`)
  } finally {
    await app.close()
  }
}
