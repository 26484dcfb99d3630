// Shared by the server tests: an app on in-memory PGlite, or on DATABASE_URL / REDIS_URL when those are set (the
// same suite then runs against the real services), plus wallets that really sign.
import { execFile } from 'node:child_process'
import { Readable } from 'node:stream'
import { promisify } from 'node:util'
import { sql, type SQL } from 'drizzle-orm'
import type { FastifyInstance, InjectOptions } from 'fastify'
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import { signInMessage, type CheckSign } from '#contract/auth.ts'
import { buildApp, type AppOptions } from '../app.ts'
import type { DbOrTx } from '../ledger/types.ts'

export const usingPostgres = Boolean(process.env.DATABASE_URL)

export function testOptions(overrides: AppOptions = {}): AppOptions {
  return {
    databaseUrl: process.env.DATABASE_URL || undefined,
    redisUrl: process.env.REDIS_URL || undefined,
    logger: false,
    tickMs: 0,
    leaderRetryMs: 200,
    // Tests sign in many times from one address; the limits get their own test.
    rateLimit: { max: 10_000, signInMax: 10_000 },
    // Live-money tests of other modules predate the terms gate; its own tests (modules/content) turn it on.
    legalGate: false,
    ...overrides,
  }
}

export const buildTestApp = (overrides: AppOptions = {}) => buildApp(testOptions(overrides))

/** A fresh random wallet per test, so runs against a shared database never collide. */
export const newWallet = () => privateKeyToAccount(generatePrivateKey())

export async function signedPayload(
  wallet: PrivateKeyAccount,
  timeStamp = Date.now(),
  message = signInMessage(timeStamp),
): Promise<CheckSign> {
  return { address: wallet.address, message, sign: await wallet.signMessage({ message }), timeStamp }
}

type Call = { token?: string; headers?: Record<string, string>; body?: unknown; payload?: string }

export async function call(app: FastifyInstance, method: 'GET' | 'POST', url: string, options: Call = {}) {
  const headers: Record<string, string> = { ...options.headers }
  if (options.token) headers.authorization = `Bearer ${options.token}`
  const request: InjectOptions = { method, url, headers }
  if (options.body !== undefined) request.payload = options.body as InjectOptions['payload']
  if (options.payload !== undefined) request.payload = options.payload
  const response = await app.inject(request)
  return { status: response.statusCode, headers: response.headers, body: response.json() as { code: number; msg: string; data: unknown } }
}

export async function signIn(app: FastifyInstance, wallet = newWallet(), timeStamp = app.now()) {
  const response = await call(app, 'POST', '/api/checkSign', { body: await signedPayload(wallet, timeStamp) })
  if (response.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(response.body)}`)
  return { wallet, token: response.body.data as string }
}

/**
 * Runs `node server/cli.ts ...` in this process (runCli, what the entry point calls) against a PGlite directory of
 * its own (never the shared PostgreSQL): a process per command cost seconds of start-up each. `stdin` is what a
 * script would pipe in. Commands must not open a directory this process already holds (the lock is per process).
 */
export function cliRunner(dataDir: string) {
  return async (...args: string[]) => runCliIn(dataDir, args)
}

export async function runCliIn(dataDir: string, args: string[], stdin = '') {
  const { runCli } = await import('../cli.ts')
  let out = ''
  const write = (text: string) => void (out += `${text}\n`)
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' }
  const code = await runCli(args, { env, stdin: Readable.from(stdin ? [stdin] : []), out: write, err: write })
  return { code, out }
}

/** Runs `node server/cli.ts ...` as its own process, for what only another process shows (the directory lock). */
export function cliProcess(dataDir: string) {
  return async (...args: string[]) => {
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' }
    const cwd = new URL('../..', import.meta.url)
    try {
      const { stdout } = await promisify(execFile)(process.execPath, ['server/cli.ts', ...args], { env, cwd })
      return { code: 0, out: stdout }
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string }
      return { code: failed.code, out: failed.stdout + failed.stderr }
    }
  }
}

/** Runs `query` under EXPLAIN (ANALYZE, BUFFERS) in `handle` (its transaction, for a Tx): the pages it read, from the
 * cache or the disk, its function bodies' statements included. A probe of an index is a handful; a table's scan is
 * hundreds. */
export async function pagesRead(handle: DbOrTx, query: SQL): Promise<number> {
  const result = (await handle.execute(sql`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${query}`)) as unknown as { rows: { 'QUERY PLAN': unknown }[] }
  const raw = result.rows[0]!['QUERY PLAN']
  const [doc] = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: { 'Shared Hit Blocks': number; 'Shared Read Blocks': number } }[]
  return doc!.Plan['Shared Hit Blocks'] + doc!.Plan['Shared Read Blocks']
}
