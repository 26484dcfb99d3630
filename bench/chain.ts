// npm run bench:chain — the deposit follower replaying a long stretch of chain. Starts a Hardhat node (port 8548),
// deploys the 6-decimal TestUSD, and writes BENCH_BLOCKS blocks (10 000) holding BENCH_TRANSFERS transfers (100 000,
// transferMany: several real Transfer logs per transaction) from BENCH_USERS users' own addresses to the receiving
// address. Then the follower (followOnce, as the leader runs it) replays them from the first block: prints blocks/s
// while reading and recording, credits/s, the lag at the head once caught up (blocks behind, and how long live
// transfers take to be seen with the normal poll), and checks that every transfer was credited exactly once, also
// after the cursor is wound back to the start and everything is read again.
// PGlite in a temporary folder by default; DATABASE_URL for PostgreSQL.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { sql } from 'drizzle-orm'
import { encodeFunctionData, parseUnits, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { buildApp } from '../server/app.ts'
import { users } from '../server/modules/auth/auth.table.ts'
import { chainOf, headOf } from '../server/modules/funds/chain.ts'
import { followOnce, startChainFollower } from '../server/modules/funds/chain-follower.ts'
import { HOUSE, openNetwork } from '../server/modules/funds/test-funds.ts'
import { chainKit, startLocalNode } from '../server/test/chain/node.ts'
import { testUsdAbi } from '../server/test/chain/test-usd.ts'

const BLOCKS = Number(process.env.BENCH_BLOCKS ?? 10_000)
const TRANSFERS = Number(process.env.BENCH_TRANSFERS ?? 100_000)
const USERS = Number(process.env.BENCH_USERS ?? 100)
const CONFIRMATIONS = 12
const PER_TX = Math.ceil(TRANSFERS / BLOCKS)
const AMOUNT = '1.5'

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows
const one = async <T>(app: Awaited<ReturnType<typeof buildApp>>, query: ReturnType<typeof sql>) => rowsOf<T>(await app.db.execute(query))[0]!

const node = await startLocalNode(8548)
const dir = mkdtempSync(join(tmpdir(), 'keelson-bench-chain-'))
const app = await buildApp({
  databaseUrl: process.env.DATABASE_URL || undefined,
  pgliteDir: join(dir, 'pglite'),
  deploymentName: process.env.DEPLOYMENT_NAME || undefined,
  tickMs: 0,
  logger: false,
})
try {
  const kit = chainKit(node.url)
  const token = await kit.deployToken()
  await openNetwork(app, 'USDT', { token, confirmations: CONFIRMATIONS, min: '1' })
  const senders = Array.from({ length: USERS }, () => privateKeyToAccount(generatePrivateKey()))
  await app.db.insert(users).values(senders.map((s) => ({ address: s.address })))
  const perSender = Math.ceil(BLOCKS / USERS) * PER_TX
  for (const s of senders) await kit.fund(token, s.address, String(perSender * Number(AMOUNT) + 10))
  const start = await kit.head()

  // Write the chain: one transaction (PER_TX transfers) per block, signed here with explicit nonces so no round trip
  // is spent on estimates; a few senders at a time, each in order.
  console.log(`writing ${BLOCKS} blocks with ${BLOCKS * PER_TX} transfers from ${USERS} users…`)
  const written = performance.now()
  const data = encodeFunctionData({ abi: testUsdAbi, functionName: 'transferMany', args: [HOUSE, parseUnits(AMOUNT, 6), BigInt(PER_TX)] })
  const gasPrice = (await kit.client.getGasPrice()) * 2n
  const chainId = await kit.client.getChainId()
  let sent = 0
  await Promise.all(
    senders.map(async (s, i) => {
      const mine = Math.floor(BLOCKS / USERS) + (i < BLOCKS % USERS ? 1 : 0)
      for (let nonce = 0; nonce < mine; nonce++) {
        const raw = await s.signTransaction({ to: token, data, nonce, gas: 60_000n + 30_000n * BigInt(PER_TX), gasPrice, chainId, type: 'legacy' })
        await kit.client.sendRawTransaction({ serializedTransaction: raw as Hex })
        sent++
      }
    }),
  )
  const head = await kit.head()
  console.log(`  ${sent} transactions, blocks ${start + 1}..${head} in ${((performance.now() - written) / 1000).toFixed(1)} s`)

  // Replay from the first block, in slices so the progress shows.
  const chain = chainOf(node.url)
  const replay = performance.now()
  let found = 0
  let credited = 0
  const SLICE = 1000
  for (;;) {
    const t0 = performance.now()
    const step = await followOnce(app, chain, { startBlock: start + 1, maxBlocks: SLICE })
    found += step.found
    credited += step.credited
    const ms = performance.now() - t0
    console.log(`  to block ${step.next - 1}: ${step.found} transfers recorded, ${step.credited} credited, ${((SLICE / ms) * 1000).toFixed(0)} blocks/s in this slice`)
    if (step.next > step.head) break
  }
  const replayS = (performance.now() - replay) / 1000
  const total = head - start
  console.log(`replayed ${total} blocks in ${replayS.toFixed(1)} s: ${(total / replayS).toFixed(0)} blocks/s, ${(found / replayS).toFixed(0)} transfers/s recorded, ${credited} credited`)
  const cursor = await one<{ n: number }>(app, sql`SELECT next_block::int AS n FROM chain_cursors`)
  console.log(`lag at the head after the replay: ${(await headOf(chain)) - (cursor.n - 1)} blocks`)

  // Live: the follower's own loop (poll 250 ms); how long until a new transfer is recorded.
  const follower = startChainFollower(app, { ...app.conf, ethRpcUrl: node.url, chainPollMs: 250, chainStartBlock: undefined })!
  const lags: number[] = []
  for (let i = 0; i < 20; i++) {
    const s = senders[i % senders.length]!
    const r = await kit.sendToken(s, token, HOUSE, '2')
    const t0 = performance.now()
    const hash = r.transactionHash.toLowerCase()
    for (;;) {
      const seen = await one<{ n: number }>(app, sql`SELECT count(*)::int AS n FROM deposits WHERE tx_hash = ${hash}`)
      if (seen.n > 0) break
      await new Promise((res) => setTimeout(res, 10))
    }
    lags.push(performance.now() - t0)
    await new Promise((res) => setTimeout(res, Math.random() * 250))
  }
  await follower.stop()
  lags.sort((a, b) => a - b)
  console.log(`live lag (transfer mined -> deposit recorded, poll 250 ms): median ${lags[10]!.toFixed(0)} ms, max ${lags.at(-1)!.toFixed(0)} ms`)

  // Exactly once: every transfer one row and at most one journal; wound back to the start, nothing new.
  await kit.mine(CONFIRMATIONS)
  await followOnce(app, chain)
  const before = await one<{ rows: number; journals: number; sum: string }>(
    app,
    sql`SELECT (SELECT count(*)::int FROM deposits) AS rows, (SELECT count(*)::int FROM journals WHERE idempotency_key LIKE 'deposit:%') AS journals,
      (SELECT coalesce(sum(balance), 0)::text FROM accounts WHERE owner_id IS NOT NULL AND book = 'live' AND currency = 'USDT') AS sum`,
  )
  await app.db.execute(sql`UPDATE chain_cursors SET next_block = ${start + 1}`)
  const again = performance.now()
  for (;;) {
    const step = await followOnce(app, chain, { maxBlocks: 5000 })
    if (step.next > step.head) break
  }
  const after = await one<{ rows: number; journals: number; sum: string }>(
    app,
    sql`SELECT (SELECT count(*)::int FROM deposits) AS rows, (SELECT count(*)::int FROM journals WHERE idempotency_key LIKE 'deposit:%') AS journals,
      (SELECT coalesce(sum(balance), 0)::text FROM accounts WHERE owner_id IS NOT NULL AND book = 'live' AND currency = 'USDT') AS sum`,
  )
  const expected = BLOCKS * PER_TX + 20
  const expectedSum = (BLOCKS * PER_TX * Number(AMOUNT) + 20 * 2).toFixed(0)
  const ok = before.rows === expected && before.journals === expected && after.rows === expected && after.journals === expected && Number(after.sum) === Number(expectedSum)
  console.log(
    `exactly once: ${after.rows} deposits, ${after.journals} credit journals, users' live USDT ${after.sum} (expected ${expected}, ${expected}, ${expectedSum}); ` +
      `re-read from the start in ${((performance.now() - again) / 1000).toFixed(1)} s with nothing new: ${ok ? 'OK' : 'FAILED'}`,
  )
  if (!ok) process.exitCode = 1
} finally {
  await app.close()
  await node.stop()
  rmSync(dir, { recursive: true, force: true })
}
