// A transfer claimed twice against a real local chain (Hardhat on port 8548, the TestUSD token, as in
// deposits.chain.test.ts): the claim of the transfer's proven sender wins over a stranger's who pasted its public hash
// first, and one an operator already credited to the stranger leaves the sender's claim to an operator. The same
// rules without a node, racing, on PGlite and PostgreSQL: deposits.claim-record.test.ts.
import type { FastifyInstance } from 'fastify'
import type { Address } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Deposit } from '#contract/deposits.ts'
import type { SendingAddressChallenge } from '#contract/sending-addresses.ts'
import type { ChainKit } from '../../test/chain/node.ts'
import { call, newWallet, signIn } from '../../test/helpers.ts'
import { signInOperator } from '../ops/test-operators.ts'
import { type ChainSuite, creditedJournals as creditsOf, depositsOf as depositsOfUser, HOUSE, liveAvailable, startChainSuite, stopChainSuite, uploadScreenshot } from './test-funds.ts'

const CONFIRMATIONS = 3
let suite: ChainSuite
let kit: ChainKit
let token: Address
let app: FastifyInstance

beforeAll(async () => {
  suite = await startChainSuite(8548, 'claimed-twice', CONFIRMATIONS)
  ;({ kit, token, app } = suite)
}, 120_000)

afterAll(() => stopChainSuite(suite))

const depositsOf = (userToken: string) => depositsOfUser(app, userToken)
const creditedJournals = (txHash: string) => creditsOf(app, txHash)
const claim = async (userToken: string, body: Record<string, unknown>) =>
  call(app, 'POST', '/api/createRechargePlat', { token: userToken, body, headers: { 'idempotency-key': `k-${Math.random()}` } })

describe('a transfer claimed by a stranger and by its sender', () => {
  it("credits the proven sender's claim over a stranger's who claimed the transfer first, and closes the stranger's", async () => {
    const sender = await signIn(app)
    const stranger = await signIn(app)
    const hardware = newWallet()
    const asked = await call(app, 'POST', '/api/sendingAddressChallenge', { token: sender.token, body: { address: hardware.address } })
    const { message, nonce } = asked.body.data as SendingAddressChallenge
    await call(app, 'POST', '/api/addSendingAddress', { token: sender.token, body: { address: hardware.address, nonce, signature: await hardware.signMessage({ message }) } })
    await kit.fund(token, hardware.address, '100')
    const sent = await kit.sendToken(hardware, token, HOUSE, '25')
    await kit.mine(CONFIRMATIONS)
    const txHash = sent.transactionHash
    const claimBy = async (who: { token: string }) =>
      claim(who.token, { currency: 'USDT', network: 'ERC20', amount: '25', txHash, last6: txHash.slice(-6), screenshot: await uploadScreenshot(app, who.token) })

    // The hash is public: a stranger claims it first and waits for an operator.
    expect((await claimBy(stranger)).body.data).toMatchObject({ status: 'review', check: { problems: ['foreignSender'] } })
    // The sender is not told "already claimed": their claim is checked and credited as any proven claim.
    const mine = await claimBy(sender)
    expect(mine.status).toBe(200)
    expect(mine.body.data).toMatchObject({ status: 'credited', fromAddress: hardware.address, check: { problems: [] } })
    expect((await depositsOf(stranger.token))[0]).toMatchObject({ status: 'rejected', check: { problems: ['foreignSender', 'senderClaimed'] } })
    expect(await liveAvailable(app, sender.token, 'USDT')).toBe('25')
    expect(await liveAvailable(app, stranger.token, 'USDT')).toBe('0')
    expect((await claimBy(stranger)).status).toBe(409)
    expect(await creditedJournals(txHash.toLowerCase())).toBe(1)
  })

  it("leaves the sender's claim to an operator, flagged, when an operator had credited a stranger's claim of it", async () => {
    const sender = await signIn(app)
    const stranger = await signIn(app)
    await kit.fund(token, sender.wallet.address, '100')
    // Claimed before it is mined, so the follower leaves it to the claims.
    await kit.setAutomine(false)
    const hash = await kit.sendTokenUnmined(sender.wallet, token, HOUSE, '8')
    const claimBy = async (who: { token: string }) =>
      claim(who.token, { currency: 'USDT', network: 'ERC20', amount: '8', txHash: hash, last6: hash.slice(-6), screenshot: await uploadScreenshot(app, who.token) })
    const theirs = await claimBy(stranger)
    await kit.setAutomine(true)
    await kit.mine(CONFIRMATIONS)
    const operator = await signInOperator(app, ['finance'])
    const approved = await call(app, 'POST', '/api/ops/deposits/approve', { token: operator.token, body: { id: (theirs.body.data as Deposit).id } })
    expect(approved.body.data).toMatchObject({ status: 'credited' })

    const mine = await claimBy(sender)
    expect(mine.status).toBe(200)
    expect(mine.body.data).toMatchObject({ status: 'review', check: { from: sender.wallet.address, problems: ['creditedToOther'] } })
    expect(await liveAvailable(app, sender.token, 'USDT')).toBe('0')
    expect(await creditedJournals(hash.toLowerCase())).toBe(1)
  })
})
