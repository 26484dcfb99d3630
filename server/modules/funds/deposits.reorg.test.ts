// Deposits through a chain reorganisation, on a local Hardhat node: its snapshot and revert make the fork. A transfer
// re-mined in another block (at another place in the block) is credited exactly once; a transfer the new branch
// dropped is never credited, and waits for an operator.
import type { FastifyInstance } from 'fastify'
import { keccak256, type Address } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ChainKit } from '../../test/chain/node.ts'
import { newWallet, signIn } from '../../test/helpers.ts'
import { type ChainSuite, creditedJournals, depositsOf as depositsOfUser, HOUSE, liveAvailable, startChainSuite, stopChainSuite, until } from './test-funds.ts'

const CONFIRMATIONS = 3
let suite: ChainSuite
let kit: ChainKit
let token: Address
let app: FastifyInstance

beforeAll(async () => {
  suite = await startChainSuite(8546, 'reorg', CONFIRMATIONS)
  ;({ kit, token, app } = suite)
}, 120_000)

afterAll(() => stopChainSuite(suite))

const depositsOf = (userToken: string) => depositsOfUser(app, userToken)
const journalsOf = (txHash: string) => creditedJournals(app, txHash)

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
