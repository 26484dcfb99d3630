// Shared by the funds tests: open deposits on a network (as an operator would), upload a claim's screenshot, read a
// user's live balance through the API.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { and, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Address } from 'viem'
import type { DepositPage } from '#contract/deposits.ts'
import { buildApp } from '../../app.ts'
import { chainKit, startLocalNode, type ChainKit, type LocalNode } from '../../test/chain/node.ts'
import { call, testOptions } from '../../test/helpers.ts'
import { multipartBody, plainPng } from '../uploads/test-files.ts'
import { fundsNetworks } from './funds.table.ts'

/**
 * Puts USDT and ETH on Ethereum back as migration 0017 seeds them (closed, no receiving address). On PostgreSQL the
 * test files share one database, which keeps what an earlier file or run set: a file that reads these terms starts
 * from here (the PostgreSQL pass runs files one after another, see package.json test:server).
 */
export async function resetNetworks(app: FastifyInstance) {
  await app.db.execute(sql`
    UPDATE funds_networks f SET token_contract = v.token, token_decimals = v.decimals, deposit_enabled = true,
      deposit_address = NULL, deposit_min = v.deposit_min::numeric, confirmations = 12, on_chain = true, withdraw_enabled = true,
      withdraw_fee = v.fee::numeric, withdraw_fee_rate = 0, withdraw_min = v.withdraw_min::numeric,
      withdraw_daily_max = v.daily_max::numeric, withdraw_kyc_above = v.kyc_above::numeric,
      withdraw_second_confirm_above = v.second_above::numeric
    FROM (VALUES
      ('USDT', '0xdAC17F958D2ee523a2206206994597C13D831ec7', 6, '10', '1', '10', '50000', '1000', '10000'),
      ('ETH', NULL, 18, '0.005', '0.002', '0.01', '20', '0.5', '5')
    ) AS v(currency, token, decimals, deposit_min, fee, withdraw_min, daily_max, kyc_above, second_above)
    WHERE f.currency = v.currency AND f.network = 'ERC20'`)
}

/** A receiving address no test wallet holds (the house's). */
export const HOUSE = '0x000000000000000000000000000000000000dEaD'

export async function openNetwork(
  app: FastifyInstance,
  currency: 'USDT' | 'ETH',
  settings: { address?: string; token?: string; confirmations?: number; min?: string; onChain?: boolean } = {},
) {
  await app.db
    .update(fundsNetworks)
    .set({
      depositAddress: settings.address ?? HOUSE,
      ...(settings.token ? { tokenContract: settings.token } : {}),
      confirmations: settings.confirmations ?? 3,
      depositMin: settings.min ?? '1',
      onChain: settings.onChain ?? true,
    })
    .where(and(eq(fundsNetworks.currency, currency), eq(fundsNetworks.network, 'ERC20')))
}

export async function uploadScreenshot(app: FastifyInstance, token: string): Promise<string> {
  const { payload, headers } = multipartBody({ purpose: 'deposit' }, { name: 'proof.png', type: 'image/png', bytes: await plainPng(32, 32) })
  const res = await app.inject({ method: 'POST', url: '/api/imgUpload', payload, headers: { ...headers, authorization: `Bearer ${token}` } })
  if (res.statusCode !== 200) throw new Error(`upload failed: ${res.body}`)
  return (res.json() as { data: { id: string } }).data.id
}

/** The user's available balance of a currency in the live book, through the API. */
export async function liveAvailable(app: FastifyInstance, token: string, currency: string): Promise<string> {
  await call(app, 'POST', '/api/updateAccountType', { token, body: { accountType: 'live' } })
  const res = await call(app, 'GET', '/api/getBalance', { token })
  const balance = res.body.data as { currencies: { currency: string; available: string }[] }
  return balance.currencies.find((c) => c.currency === currency)?.available ?? '0'
}

let counter = 0
/** A fresh transaction-shaped hash. */
export const randomHash = () => `0x${(Date.now().toString(16) + (counter++).toString(16) + Math.random().toString(16).slice(2)).padEnd(64, 'a').slice(0, 64)}`

/** Reads until `ok` holds (the follower works on its own clock), or fails naming what it waited for and the last value. */
export async function until<T>(what: string, read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const started = Date.now()
  for (;;) {
    const value = await read()
    if (ok(value)) return value
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

/** A deposits suite's app: PGlite in its own directory, following a local node from block 0, polling every 100 ms. */
export const followingApp = (pgliteDir: string, ethRpcUrl: string) =>
  buildApp(testOptions({ databaseUrl: undefined, redisUrl: undefined, pgliteDir, ethRpcUrl, chainPollMs: 100, chainStartBlock: 0 }))

/** A local node with the TestUSD token, and an app following it with USDT deposits open: one per chain test file. */
export type ChainSuite = { node: LocalNode; kit: ChainKit; token: Address; app: FastifyInstance; dir: string }

/** Each chain test file has a port of its own (Hardhat nodes of parallel files must not meet). */
export async function startChainSuite(port: number, name: string, confirmations: number): Promise<ChainSuite> {
  const node = await startLocalNode(port)
  const kit = chainKit(node.url)
  const token = await kit.deployToken()
  const dir = mkdtempSync(join(tmpdir(), `keelson-${name}-`))
  const app = await followingApp(join(dir, 'pglite'), node.url)
  await openNetwork(app, 'USDT', { token, confirmations, min: '1' })
  return { node, kit, token, app, dir }
}

export async function stopChainSuite(suite: ChainSuite | undefined) {
  await suite?.app.close()
  await suite?.node.stop()
  if (suite) rmSync(suite.dir, { recursive: true, force: true })
}

export const depositsOf = async (app: FastifyInstance, userToken: string) =>
  ((await call(app, 'GET', '/api/getMyDeposits', { token: userToken })).body.data as DepositPage).list

/** Journals that credited a transfer (any log index of it): 1 once credited, never 2. */
export async function creditedJournals(app: FastifyInstance, txHash: string): Promise<number> {
  const { rows } = (await app.db.execute(sql`SELECT count(*)::int AS n FROM journals WHERE idempotency_key LIKE ${`deposit:ERC20:${txHash}:%`}`)) as unknown as {
    rows: { n: number }[]
  }
  return rows[0]!.n
}
