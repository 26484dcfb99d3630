// Deposits against a real local chain: a Hardhat node (npm hardhat, offline) on port 8545, the 6-decimal TestUSD
// deployed with viem, real transfers from users' signed-in wallets and from addresses they proved by signing. The app
// follows the node (ETH_RPC_URL) on a PGlite directory of its own, so it can be stopped and started again on the same
// data.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Address } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Deposit, GasPrice } from '#contract/deposits.ts'
import type { SendingAddressChallenge } from '#contract/sending-addresses.ts'
import { chainKit, startLocalNode, type ChainKit, type LocalNode } from '../../test/chain/node.ts'
import { call, newWallet, signIn } from '../../test/helpers.ts'
import { signInOperator } from '../ops/test-operators.ts'
import { checkClaimOnChain } from './deposits.claims.ts'
import { networkOf } from './funds.service.ts'
import { creditedJournals as creditsOf, depositsOf as depositsOfUser, followingApp, HOUSE, liveAvailable, openNetwork, until, uploadScreenshot } from './test-funds.ts'

const CONFIRMATIONS = 3
let node: LocalNode
let kit: ChainKit
let token: Address
let dir: string
let app: FastifyInstance

const start = () => followingApp(join(dir, 'pglite'), node.url)

beforeAll(async () => {
  node = await startLocalNode(8545)
  kit = chainKit(node.url)
  token = await kit.deployToken()
  dir = mkdtempSync(join(tmpdir(), 'keelson-deposits-'))
  app = await start()
  await openNetwork(app, 'USDT', { token, confirmations: CONFIRMATIONS, min: '1' })
  await openNetwork(app, 'ETH', { confirmations: CONFIRMATIONS, min: '0.001' })
}, 120_000)

afterAll(async () => {
  await app?.close()
  await node?.stop()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

const depositsOf = (userToken: string) => depositsOfUser(app, userToken)
const creditedJournals = (txHash: string) => creditsOf(app, txHash)

describe('a deposit from the user\'s own signed-in wallet', () => {
  it('shows pending with its confirmations, then is credited once, and stays credited once as blocks go on', async () => {
    const user = await signIn(app)
    await kit.fund(token, user.wallet.address, '500')
    const sent = await kit.sendToken(user.wallet, token, HOUSE, '123.456789')
    const txHash = sent.transactionHash.toLowerCase()
    const pending = await until('pending', () => depositsOf(user.token), (list) => list.length === 1)
    expect(pending[0]).toMatchObject({ status: 'pending', source: 'chain', amount: '123.456789', confirmationsNeeded: CONFIRMATIONS, txHash })
    expect(pending[0]!.confirmations).toBeLessThan(CONFIRMATIONS)
    expect(await liveAvailable(app, user.token, 'USDT')).toBe('0')

    await kit.mine(CONFIRMATIONS)
    const credited = await until('credited', () => depositsOf(user.token), (list) => list[0]?.status === 'credited')
    expect(credited[0]!.confirmations).toBe(CONFIRMATIONS)
    expect(await liveAvailable(app, user.token, 'USDT')).toBe('123.456789')

    await kit.mine(5)
    await new Promise((r) => setTimeout(r, 500))
    expect(await liveAvailable(app, user.token, 'USDT')).toBe('123.456789')
    expect(await creditedJournals(txHash)).toBe(1)
  })

  it('finds native ETH too, and ignores transfers from addresses no user signed in with', async () => {
    const user = await signIn(app)
    const stranger = newWallet()
    await kit.fund(token, user.wallet.address, '10')
    await kit.fund(token, stranger.address, '10')
    await kit.sendEth(user.wallet, HOUSE, '0.25')
    await kit.sendToken(stranger, token, HOUSE, '5')
    await kit.mine(CONFIRMATIONS)
    const list = await until('ETH credited', () => depositsOf(user.token), (l) => l[0]?.status === 'credited')
    expect(list).toHaveLength(1)
    expect(list[0]).toMatchObject({ currency: 'ETH', amount: '0.25' })
    expect(await liveAvailable(app, user.token, 'ETH')).toBe('0.25')
    const { rows } = (await app.db.execute(sql`SELECT count(*)::int AS n FROM deposits WHERE from_address = ${stranger.address}`)) as unknown as { rows: { n: number }[] }
    expect(rows[0]!.n).toBe(0)
  })

  it('credits a transfer once across all users even if the database is asked to record it twice', async () => {
    const user = await signIn(app)
    await kit.fund(token, user.wallet.address, '10')
    const sent = await kit.sendToken(user.wallet, token, HOUSE, '7')
    await kit.mine(CONFIRMATIONS)
    await until('credited', () => depositsOf(user.token), (l) => l[0]?.status === 'credited')
    const other = await signIn(app)
    const [row] = (
      (await app.db.execute(sql`SELECT log_index FROM deposits WHERE tx_hash = ${sent.transactionHash.toLowerCase()}`)) as unknown as { rows: { log_index: number }[] }
    ).rows
    // Another user's row for the same (transaction, log): the unique key refuses it, not only the code.
    const duplicate = app.db.execute(sql`
      INSERT INTO deposits (user_id, currency, network, source, tx_hash, log_index, amount, confirmations_needed, status)
      SELECT id, 'USDT', 'ERC20', 'chain', ${sent.transactionHash.toLowerCase()}, ${row!.log_index}, 7, 3, 'pending' FROM users WHERE address = ${other.wallet.address}`)
    await expect(duplicate).rejects.toThrow()
    // The cursor wound back (a crash before it was saved): the blocks are read again, nothing is credited twice.
    await app.db.execute(sql`UPDATE chain_cursors SET next_block = 0`)
    await kit.mine(1)
    await until('cursor caught up', async () => {
      const { rows } = (await app.db.execute(sql`SELECT next_block::int AS n FROM chain_cursors`)) as unknown as { rows: { n: number }[] }
      return rows[0]!.n
    }, (n) => n > 10)
    expect(await liveAvailable(app, user.token, 'USDT')).toBe('7')
    expect(await creditedJournals(sent.transactionHash.toLowerCase())).toBe(1)
  })

  it('survives a restart in the middle: pending before, credited once after, and a transfer made while down is found', async () => {
    const user = await signIn(app)
    await kit.fund(token, user.wallet.address, '100')
    await kit.sendToken(user.wallet, token, HOUSE, '40')
    await until('pending', () => depositsOf(user.token), (l) => l[0]?.status === 'pending')
    await app.close()
    await kit.sendToken(user.wallet, token, HOUSE, '2.5')
    await kit.mine(CONFIRMATIONS)
    app = await start()
    const list = await until('both credited', () => depositsOf(user.token), (l) => l.length === 2 && l.every((d) => d.status === 'credited'))
    expect(list.map((d) => d.amount).sort()).toEqual(['2.5', '40'])
    expect(await liveAvailable(app, user.token, 'USDT')).toBe('42.5')
  })
})

describe('a claim checked on chain', () => {
  const claim = async (userToken: string, body: Record<string, unknown>) =>
    call(app, 'POST', '/api/createRechargePlat', { token: userToken, body, headers: { 'idempotency-key': `k-${Math.random()}` } })

  it('never credits a claim of a transfer from an address the claimant has not proven: an operator sees the sender and decides', async () => {
    // Transaction hashes are public: anyone may paste another person's transfer to the house.
    const claimant = await signIn(app)
    const exchange = newWallet()
    await kit.fund(token, exchange.address, '100')
    const sent = await kit.sendToken(exchange, token, HOUSE, '60')
    const txHash = sent.transactionHash
    const body = { currency: 'USDT', network: 'ERC20', amount: '60', txHash, last6: txHash.slice(-6), screenshot: await uploadScreenshot(app, claimant.token) }
    const res = await claim(claimant.token, body)
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ status: 'review', source: 'claim', check: { problems: ['foreignSender', 'notConfirmed'], amount: '60' } })
    await kit.mine(CONFIRMATIONS + 2)
    await new Promise((r) => setTimeout(r, 500))
    expect((await depositsOf(claimant.token))[0]).toMatchObject({ status: 'review' })
    expect(await liveAvailable(app, claimant.token, 'USDT')).toBe('0')
    const operator = await signInOperator(app, ['finance'])
    const queue = (await call(app, 'GET', '/api/ops/deposits', { token: operator.token })).body.data as { list: Deposit[] }
    const seen = queue.list.find((d) => d.txHash === txHash.toLowerCase())!
    expect(seen.check).toMatchObject({ from: exchange.address, problems: expect.arrayContaining(['foreignSender']) })
    // The same hash again: refused, whoever asks.
    const again = await claim(claimant.token, { ...body, screenshot: await uploadScreenshot(app, claimant.token) })
    expect(again.status).toBe(409)
  })

  it('credits a claim from an address the user added by signing, and one from an address they removed waits for an operator', async () => {
    const user = await signIn(app)
    const hardware = newWallet()
    const unproven = newWallet()
    // The user proves a second address (a hardware wallet, say) by signing the server's message with it.
    const asked = await call(app, 'POST', '/api/sendingAddressChallenge', { token: user.token, body: { address: hardware.address } })
    const { message, nonce } = asked.body.data as SendingAddressChallenge
    const added = await call(app, 'POST', '/api/addSendingAddress', {
      token: user.token,
      body: { address: hardware.address, nonce, signature: await hardware.signMessage({ message }) },
    })
    expect(added.status).toBe(200)
    await kit.fund(token, hardware.address, '100')
    await kit.fund(token, unproven.address, '100')
    const fromAdded = await kit.sendToken(hardware, token, HOUSE, '15')
    const fromUnproven = await kit.sendToken(unproven, token, HOUSE, '9')
    await kit.mine(CONFIRMATIONS)
    const claimOf = async (txHash: string, amount: string) =>
      claim(user.token, { currency: 'USDT', network: 'ERC20', amount, txHash, last6: txHash.slice(-6), screenshot: await uploadScreenshot(app, user.token) })

    const credited = await claimOf(fromAdded.transactionHash, '15')
    expect(credited.body.data).toMatchObject({ status: 'credited', fromAddress: hardware.address, check: { problems: [] } })
    const waiting = await claimOf(fromUnproven.transactionHash, '9')
    expect(waiting.body.data).toMatchObject({ status: 'review', check: { problems: ['foreignSender'] } })
    expect(await liveAvailable(app, user.token, 'USDT')).toBe('15')

    // Removed: a later transfer from it is claimed like any stranger's.
    await call(app, 'POST', '/api/removeSendingAddress', { token: user.token, body: { address: hardware.address } })
    const later = await kit.sendToken(hardware, token, HOUSE, '4')
    await kit.mine(CONFIRMATIONS)
    const afterRemoval = await claimOf(later.transactionHash, '4')
    expect(afterRemoval.body.data).toMatchObject({ status: 'review', check: { problems: ['foreignSender'] } })
    expect(await liveAvailable(app, user.token, 'USDT')).toBe('15')
    expect(await creditedJournals(fromAdded.transactionHash.toLowerCase())).toBe(1)
  })

  it('finds nothing wrong with a claimed transfer from the claimant\'s own sign-in wallet', async () => {
    const user = await signIn(app)
    await kit.fund(token, user.wallet.address, '20')
    const sent = await kit.sendToken(user.wallet, token, HOUSE, '12')
    await kit.mine(CONFIRMATIONS)
    const config = await networkOf(app.db, 'USDT', 'ERC20')
    const txHash = sent.transactionHash.toLowerCase()
    const own = await checkClaimOnChain(app, config, txHash, '12', [user.wallet.address.toLowerCase()])
    expect(own.check.problems).toEqual([])
    const someoneElse = await checkClaimOnChain(app, config, txHash, '12', [newWallet().address.toLowerCase()])
    expect(someoneElse.check.problems).toEqual(['foreignSender'])
  })

  it('sends a claim whose amount or receiver does not match to an operator, with what the chain showed', async () => {
    const user = await signIn(app)
    const exchange = newWallet()
    await kit.fund(token, exchange.address, '100')
    const sent = await kit.sendToken(exchange, token, HOUSE, '30')
    await kit.mine(CONFIRMATIONS)
    const body = { currency: 'USDT', network: 'ERC20', amount: '300', txHash: sent.transactionHash, last6: sent.transactionHash.slice(-6) }
    const res = await claim(user.token, { ...body, screenshot: await uploadScreenshot(app, user.token) })
    expect(res.body.data).toMatchObject({ status: 'review', check: { amount: '30', problems: ['amountMismatch', 'foreignSender'] } })
    const missing = `0x${'ab'.repeat(32)}`
    const none = await claim(user.token, { ...body, amount: '30', txHash: missing, last6: missing.slice(-6), screenshot: await uploadScreenshot(app, user.token) })
    expect((none.body.data as Deposit).check?.problems).toEqual(['notFound'])
    expect(await liveAvailable(app, user.token, 'USDT')).toBe('0')
  })

  it('refuses to claim a transfer the follower already found', async () => {
    const user = await signIn(app)
    await kit.fund(token, user.wallet.address, '10')
    const sent = await kit.sendToken(user.wallet, token, HOUSE, '3')
    await until('found', () => depositsOf(user.token), (l) => l.length === 1)
    const res = await claim(user.token, {
      currency: 'USDT', network: 'ERC20', amount: '3', txHash: sent.transactionHash, last6: sent.transactionHash.slice(-6),
      screenshot: await uploadScreenshot(app, user.token),
    })
    expect(res.status).toBe(409)
  })
})

describe('a claim and the follower on the same transaction', () => {
  it('leaves a claimed transaction to the claim, so an operator approving it credits once', async () => {
    const user = await signIn(app)
    await kit.fund(token, user.wallet.address, '50')
    // Claimed before it is mined (the node does not know it yet: notFound, waiting for an operator).
    await kit.setAutomine(false)
    const hash = await kit.sendTokenUnmined(user.wallet, token, HOUSE, '11')
    const res = await call(app, 'POST', '/api/createRechargePlat', {
      token: user.token,
      body: { currency: 'USDT', network: 'ERC20', amount: '11', txHash: hash, last6: hash.slice(-6), screenshot: await uploadScreenshot(app, user.token) },
      headers: { 'idempotency-key': `k-${hash}` },
    })
    await kit.setAutomine(true)
    expect(res.body.data).toMatchObject({ status: 'review', check: { problems: ['notFound'] } })
    await kit.mine(CONFIRMATIONS + 1)
    // The follower reads past it without a second row.
    const head = await kit.head()
    await until('cursor past the transfer', async () => {
      const { rows } = (await app.db.execute(sql`SELECT next_block::int AS n FROM chain_cursors`)) as unknown as { rows: { n: number }[] }
      return rows[0]!.n
    }, (n) => n > head)
    const mine = await depositsOf(user.token)
    expect(mine).toHaveLength(1)
    const operator = await signInOperator(app, ['finance'])
    const approved = await call(app, 'POST', '/api/ops/deposits/approve', { token: operator.token, body: { id: mine[0]!.id } })
    expect(approved.body.data).toMatchObject({ status: 'credited', amount: '11' })
    expect(await liveAvailable(app, user.token, 'USDT')).toBe('11')
    expect(await creditedJournals(hash.toLowerCase())).toBe(1)
  })
})

describe('GET /api/getGasPrice with a node', () => {
  it("answers the node's gas price in gwei", async () => {
    const res = await call(app, 'GET', '/api/getGasPrice')
    const data = res.body.data as GasPrice
    expect(Number(data.gwei)).toBeGreaterThan(0)
    expect(data.updatedAt).toBeGreaterThan(0)
  })
})
