// Two real server processes on one PostgreSQL and one Redis: when the order engine's leader is killed (kill -9), the
// other process takes the lead and fires a take profit the price crossed just after, within 2 s of the crossing
// (leader.ts, the default leaderRetryMs; docs/operations.md). Runs with DATABASE_URL and REDIS_URL only, on a database
// of its own (advisory locks are per database, so no other test's app can hold the engine's lock there).
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Redis } from 'ioredis'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import type { Order, OrderPage } from '#contract/orders.ts'
import { newWallet, signedPayload } from '../test/helpers.ts'

const url = process.env.DATABASE_URL
const redisUrl = process.env.REDIS_URL
const root = new URL('../..', import.meta.url)
/** The engine's lock (options.ts engineLockKey), as the leader logs it. */
const ENGINE_LOCK_KEY = 7_351_004

type Server = { child: ChildProcess; base: Promise<string>; log: () => string; exited: Promise<void> }

function start(env: Record<string, string>): Server {
  const child = spawn(process.execPath, ['server/main.ts'], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  let out = ''
  const base = new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk
      // "Keelson is running: open <url>", or "Keelson's API is running at <url>/api, ..." with nothing built.
      const running = /Keelson(?: is|'s API is) running(?::| at)[^\n]*?(http:\/\/[^\s/,]+)/.exec(out)?.[1]
      if (running) resolve(running)
    })
    child.stderr!.on('data', (chunk: Buffer) => (out += chunk))
    child.on('exit', (code) => reject(new Error(`server exited (${code}) before running:\n${out}`)))
  })
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()))
  return { child, base, log: () => out, exited }
}

/** Whether a process's log says it took the engine's lock. */
const leadsEngine = (log: string) =>
  log.split('\n').some((line) => line.includes('"msg":"leading"') && line.includes(`"key":${ENGINE_LOCK_KEY}`))

async function until<T>(what: () => Promise<T | undefined> | T | undefined, timeoutMs: number, intervalMs = 25): Promise<T> {
  const end = Date.now() + timeoutMs
  for (;;) {
    const value = await what()
    if (value !== undefined) return value
    if (Date.now() > end) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, intervalMs))
  }
}

const cleanups: (() => Promise<unknown>)[] = []
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {})
})

describe.skipIf(!url || !redisUrl)('the order engine across two processes', () => {
  it('fires a take profit within 2 s of the crossing when the leader was killed just before it', async () => {
    const name = `keelson_takeover_${randomBytes(4).toString('hex')}`
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    cleanups.push(() => admin.end())
    await admin.query(`CREATE DATABASE ${name}`)
    cleanups.push(() => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))
    const databaseUrl = new URL(url!)
    databaseUrl.pathname = `/${name}`
    const dataDir = mkdtempSync(join(tmpdir(), 'keelson-takeover-'))
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }))

    // Prices come from this test, published on the deployment's ticker channel as a feed's leader would.
    const deployment = name.replaceAll('_', '-')
    const redis = new Redis(redisUrl!)
    cleanups.push(() => redis.quit())
    const publish = (bid: string, ask: string) =>
      redis.publish(`${deployment}:ticker`, JSON.stringify({ messageType: 'ticker', data: [{ symbol: 'BTCUSDT', bid, ask, time: Date.now(), simulated: true }] }))

    const env = (n: number) => ({
      DATABASE_URL: databaseUrl.toString(), REDIS_URL: redisUrl!, DEPLOYMENT_NAME: deployment, PORT: '0', HOST: '127.0.0.1',
      TICK_MS: '0', DATA_DIR: join(dataDir, String(n)), LOG_LEVEL: 'info', RATE_LIMIT_SIGNIN_MAX: '1000',
    })
    const servers = [start(env(1))]
    // The second starts once the first has migrated the database.
    await servers[0]!.base
    servers.push(start(env(2)))
    for (const s of servers) cleanups.push(async () => (s.child.kill('SIGKILL'), s.exited))
    const bases = await Promise.all(servers.map((s) => s.base))
    const leaderAt = await until(() => {
      const at = servers.findIndex((s) => leadsEngine(s.log()))
      return at < 0 ? undefined : at
    }, 15_000)
    const leader = servers[leaderAt]!
    const other = servers[1 - leaderAt]!
    const otherBase = bases[1 - leaderAt]!
    expect(leadsEngine(other.log())).toBe(false)

    // A user on the other process buys 0.01 BTC at 95 010 with a take profit at 96 000.
    const wallet = newWallet()
    const signIn = await fetch(`${otherBase}/api/checkSign`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(await signedPayload(wallet, Date.now())) })
    const token = ((await signIn.json()) as { data: string }).data
    const call = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
      const response = await fetch(`${otherBase}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      return (await response.json()) as { code: number; msg: string; data: unknown }
    }
    const order = await until(async () => {
      await publish('95000.00', '95010.00')
      const res = await call('POST', '/api/createContractOrder', { symbol: 'BTCUSDT', side: 'buy', lots: '0.01', leverage: 10, takeProfit: '96000.00' })
      return res.code === 200 ? (res.data as Order) : undefined
    }, 10_000, 200)
    expect(order.openPrice).toBe('95010')

    leader.child.kill('SIGKILL')
    await leader.exited
    // The price crosses the take profit at once and keeps ticking there, as a feed would.
    const crossedAt = Date.now()
    const feed = setInterval(() => void publish('96100.00', '96110.00'), 100)
    cleanups.push(async () => clearInterval(feed))
    await publish('96100.00', '96110.00')
    const closed = await until(async () => {
      const list = ((await call('GET', '/api/getAllOrderList')).data as OrderPage).list
      const row = list.find((o) => o.orderNo === order.orderNo)
      return row?.closeReason ? row : undefined
    }, 10_000)
    const firedWithin = Date.now() - crossedAt
    clearInterval(feed)
    expect(closed).toMatchObject({ closeReason: 'take_profit', closePrice: '96100' })
    expect(leadsEngine(other.log())).toBe(true)
    expect(firedWithin).toBeLessThan(2000)
  }, 120_000)
})
