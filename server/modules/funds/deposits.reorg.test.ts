// Deposits through a chain reorganisation, on a local Hardhat node: its snapshot and revert make the fork. A transfer
// re-mined in another block (at another place in the block) is credited exactly once; a transfer the new branch
// dropped is never credited, and waits for an operator.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { keccak256, type Address } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DepositPage } from '#contract/deposits.ts'
import { chainKit, startLocalNode, type ChainKit, type LocalNode } from '../../test/chain/node.ts'
import { call, newWallet, signIn } from '../../test/helpers.ts'
import { followingApp, HOUSE, liveAvailable, openNetwork, until } from './test-funds.ts'

const CONFIRMATIONS = 3
let node: LocalNode
let kit: ChainKit
let token: Address
let dir: string
let app: FastifyInstance

beforeAll(async () => {
  node = await startLocalNode(8546)
  kit = chainKit(node.url)
  token = await kit.deployToken()
  dir = mkdtempSync(join(tmpdir(), 'keelson-reorg-'))
  app = await followingApp(join(dir, 'pglite'), node.url)
  await openNetwork(app, 'USDT', { token, confirmations: CONFIRMATIONS, min: '1' })
}, 120_000)

afterAll(async () => {
  await app?.close()
  await node?.stop()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

const depositsOf = async (userToken: string) => ((await call(app, 'GET', '/api/getMyDeposits', { token: userToken })).body.data as DepositPage).list
const journalsOf = async (txHash: string) =>
  ((await app.db.execute(sql`SELECT count(*)::int AS n FROM journals WHERE idempotency_key LIKE ${`deposit:ERC20:${txHash}:%`}`)) as unknown as { rows: { n: number }[] }).rows[0]!.n

describe('a chain reorganisation', () => {
  it('credits a transfer re-mined in a later block, at another place in it, exactly once, after setting it aside while it was gone', async () => {
    const user = await signIn(app)
    await kit.fund(token, user.wallet.address, '100')
    const fork = await kit.snapshot()
    const raw = await kit.signTokenTransfer(user.wallet, token, HOUSE, '40')
    const txHash = keccak256(raw)
    await kit.sendRaw(raw)
    await until('pending', () => depositsOf(user.token), (list) => list.length === 1 && list[0]!.status === 'pending')

    // The branch it was mined on is abandoned. On the new one, a few blocks later, another transfer comes first in
    // the same block, so its block-wide log index differs too.
    await kit.revert(fork)
    await kit.mine(4)
    // Meanwhile the follower finds it gone, past its confirmations: set aside, not credited.
    await until('set aside', () => depositsOf(user.token), (list) => list[0]?.status === 'review')
    expect(await liveAvailable(app, user.token, 'USDT')).toBe('0')
    const other = newWallet()
    await kit.fund(token, other.address, '5')
    await kit.setAutomine(false)
    await kit.sendTokenUnmined(other, token, '0x000000000000000000000000000000000000bEEF', '5')
    await kit.sendRaw(raw)
    await kit.mine(1)
    await kit.setAutomine(true)
    await kit.mine(CONFIRMATIONS)

    const credited = await until('credited', () => depositsOf(user.token), (list) => list.some((d) => d.status === 'credited'))
    await kit.mine(CONFIRMATIONS)
    await new Promise((r) => setTimeout(r, 500))
    expect((await depositsOf(user.token)).map((d) => [d.txHash, d.status])).toEqual([[txHash, 'credited']])
    expect(credited).toHaveLength(1)
    expect(await journalsOf(txHash)).toBe(1)
    expect(await liveAvailable(app, user.token, 'USDT')).toBe('40')
  })

  it('never credits a transfer the new branch dropped: it waits for an operator', async () => {
    const user = await signIn(app)
    await kit.fund(token, user.wallet.address, '100')
    const fork = await kit.snapshot()
    const sent = await kit.sendToken(user.wallet, token, HOUSE, '30')
    await until('pending', () => depositsOf(user.token), (list) => list.length === 1)
    await kit.revert(fork)
    await kit.mine(CONFIRMATIONS + 2)
    const [dropped] = await until('in review', () => depositsOf(user.token), (list) => list[0]?.status === 'review')
    expect(dropped).toMatchObject({ txHash: sent.transactionHash.toLowerCase(), status: 'review' })
    expect(await journalsOf(sent.transactionHash.toLowerCase())).toBe(0)
    expect(await liveAvailable(app, user.token, 'USDT')).toBe('0')
  })
})
