// The deposit endpoints without a node (ETH_RPC_URL unset): claims wait for an operator. With a real local chain:
// deposits.chain.test.ts.
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Deposit, DepositInstructions, DepositPage } from '#contract/deposits.ts'
import { buildTestApp, call, signIn } from '../../test/helpers.ts'
import { creditDeposits } from './deposits.credit.ts'
import { deposits } from './funds.table.ts'
import { HOUSE, liveAvailable, openNetwork, randomHash, uploadScreenshot, resetNetworks } from './test-funds.ts'

let app: FastifyInstance
beforeAll(async () => {
  app = await buildTestApp()
  await resetNetworks(app)
  await openNetwork(app, 'USDT', { min: '10' })
})
afterAll(() => app?.close())

const claimBody = (screenshot: string, overrides: Record<string, unknown> = {}) => {
  const txHash = randomHash()
  return { currency: 'USDT', network: 'ERC20', amount: '25.5', txHash, last6: txHash.slice(-6), screenshot, ...overrides }
}
const claim = (token: string | undefined, body: unknown, key = `claim-${Math.random()}`) =>
  call(app, 'POST', '/api/createRechargePlat', { token, body, headers: { 'idempotency-key': key } })

describe('POST /api/initRechargeCode', () => {
  it('answers the receiving address, terms and the address transfers are followed from', async () => {
    const { token, wallet } = await signIn(app)
    const res = await call(app, 'POST', '/api/initRechargeCode', { token, body: { currency: 'USDT', network: 'ERC20' } })
    expect(res.status).toBe(200)
    const data = res.body.data as DepositInstructions
    expect(data.qrText).toBe(HOUSE)
    expect(data.fromAddress).toBe(wallet.address)
    expect(data.network.deposit).toMatchObject({ open: true, address: HOUSE, min: '10', confirmations: 3, followed: false })
  })

  it('shows a closed network without an address to send to', async () => {
    const { token } = await signIn(app)
    const res = await call(app, 'POST', '/api/initRechargeCode', { token, body: { currency: 'ETH', network: 'ERC20' } })
    expect((res.body.data as DepositInstructions).qrText).toBeNull()
    expect((res.body.data as DepositInstructions).network.deposit.open).toBe(false)
  })

  it('answers 400 for a network that is not configured and for a malformed one', async () => {
    const { token } = await signIn(app)
    const unknown = await call(app, 'POST', '/api/initRechargeCode', { token, body: { currency: 'USDT', network: 'TRC20' } })
    expect(unknown.body).toMatchObject({ code: 400, msg: 'USDT is not offered on the network TRC20' })
    const bad = await call(app, 'POST', '/api/initRechargeCode', { token, body: { currency: 'usdt', network: 'ERC20' } })
    expect(bad.body).toMatchObject({ code: 400, msg: 'Invalid input: currency' })
  })

  it('answers 401 without a token', async () => {
    const res = await call(app, 'POST', '/api/initRechargeCode', { body: { currency: 'USDT', network: 'ERC20' } })
    expect(res.status).toBe(401)
  })
})

describe('POST /api/createRechargePlat without a node', () => {
  it('records the claim for an operator, credits nothing yet, and shows it in the user\'s open deposits', async () => {
    const { token } = await signIn(app)
    const screenshot = await uploadScreenshot(app, token)
    const body = claimBody(screenshot)
    const res = await claim(token, body)
    expect(res.status).toBe(200)
    const deposit = res.body.data as Deposit
    expect(deposit).toMatchObject({ status: 'review', source: 'claim', amount: '25.5', txHash: body.txHash.toLowerCase(), check: null })
    expect(await liveAvailable(app, token, 'USDT')).toBe('0')
    const open = await call(app, 'GET', '/api/getMyDeposits?status=open', { token })
    expect((open.body.data as DepositPage).list.map((d) => d.id)).toEqual([deposit.id])
  })

  it('answers the first outcome again for a repeated Idempotency-Key, and 422 for the key with another claim', async () => {
    const { token } = await signIn(app)
    const screenshot = await uploadScreenshot(app, token)
    const body = claimBody(screenshot)
    const first = await claim(token, body, 'same-key-123')
    const again = await claim(token, body, 'same-key-123')
    expect(again.status).toBe(200)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect((again.body.data as Deposit).id).toBe((first.body.data as Deposit).id)
    const other = await claim(token, claimBody(screenshot), 'same-key-123')
    expect(other.status).toBe(422)
    const page = await call(app, 'GET', '/api/getMyDeposits', { token })
    expect((page.body.data as DepositPage).total).toBe(1)
  })

  it('lets a transaction hash be claimed once, across users and in any case', async () => {
    const alice = await signIn(app)
    const bob = await signIn(app)
    const body = claimBody(await uploadScreenshot(app, alice.token))
    expect((await claim(alice.token, body)).status).toBe(200)
    const twice = await claim(bob.token, { ...body, txHash: body.txHash.toUpperCase().replace('0X', '0x'), screenshot: await uploadScreenshot(app, bob.token) })
    expect(twice.body).toMatchObject({ code: 409, msg: 'This transaction was already claimed or credited' })
  })

  it('frees a transfer whose claim an operator rejected: its real sender claims it, and one waiting claim still holds it', async () => {
    const stranger = await signIn(app)
    const sender = await signIn(app)
    const body = claimBody(await uploadScreenshot(app, stranger.token))
    const taken = await claim(stranger.token, body)
    // An operator sees the transfer is not the stranger's and rejects the claim (funds.ops.ts reject).
    await app.db.update(deposits).set({ status: 'rejected', rejectReason: 'not the sender' }).where(eq(deposits.id, BigInt((taken.body.data as Deposit).id)))
    const mine = await claim(sender.token, { ...body, screenshot: await uploadScreenshot(app, sender.token) })
    expect(mine.status).toBe(200)
    expect((mine.body.data as Deposit).txHash).toBe(body.txHash)
    // The sender's claim now holds it: the stranger cannot claim it again.
    const again = await claim(stranger.token, { ...body, screenshot: await uploadScreenshot(app, stranger.token) })
    expect(again.body).toMatchObject({ code: 409, msg: 'This transaction was already claimed or credited' })
  })

  it('refuses a wrong last 6, an amount below the minimum or too precise, and without the screenshot', async () => {
    const { token } = await signIn(app)
    const screenshot = await uploadScreenshot(app, token)
    expect((await claim(token, claimBody(screenshot, { last6: '000000' }))).body.msg).toBe(
      'The last 6 characters do not match the end of the transaction hash',
    )
    expect((await claim(token, claimBody(screenshot, { amount: '9.99' }))).body).toMatchObject({ code: 400, msg: 'The smallest deposit of USDT is 10' })
    expect((await claim(token, claimBody(screenshot, { amount: '10.0000001' }))).body).toMatchObject({ code: 400, msg: 'USDT amounts have at most 6 decimals' })
    expect((await claim(token, claimBody(screenshot, { txHash: '0x1234' }))).body).toMatchObject({ code: 400, msg: 'Invalid input: txHash' })
    expect((await claim(token, claimBody(screenshot, { screenshot: undefined }))).status).toBe(400)
    expect((await call(app, 'GET', '/api/getMyDeposits', { token })).body.data).toMatchObject({ total: 0 })
  })

  it("refuses another user's screenshot as if it did not exist", async () => {
    const alice = await signIn(app)
    const bob = await signIn(app)
    const res = await claim(bob.token, claimBody(await uploadScreenshot(app, alice.token)))
    expect(res.body).toMatchObject({ code: 400, msg: 'upload the required picture' })
  })

  it('answers 401 without a token and 400 without an Idempotency-Key', async () => {
    const { token } = await signIn(app)
    const body = claimBody(await uploadScreenshot(app, token))
    expect((await claim(undefined, body)).status).toBe(401)
    const noKey = await call(app, 'POST', '/api/createRechargePlat', { token, body })
    expect(noKey.body).toMatchObject({ code: 400, msg: 'An Idempotency-Key header is required' })
  })
})

describe('GET /api/getMyDeposits', () => {
  it("never shows another user's deposits", async () => {
    const alice = await signIn(app)
    const bob = await signIn(app)
    await claim(alice.token, claimBody(await uploadScreenshot(app, alice.token)))
    const mine = await call(app, 'GET', '/api/getMyDeposits', { token: bob.token })
    expect(mine.body.data).toMatchObject({ list: [], total: 0 })
    expect((await call(app, 'GET', '/api/getMyDeposits?size=500', { token: bob.token })).status).toBe(400)
    expect((await call(app, 'GET', '/api/getMyDeposits')).status).toBe(401)
  })
})

describe('POST /api/addMonitorAddressV2', () => {
  it('follows the caller\'s own signed-in address, in any case, and refuses someone else\'s', async () => {
    const alice = await signIn(app)
    const bob = await signIn(app)
    const own = await call(app, 'POST', '/api/addMonitorAddressV2', { token: alice.token, body: { network: 'ERC20', address: alice.wallet.address.toLowerCase() } })
    expect(own.body.data).toEqual({ network: 'ERC20', address: alice.wallet.address, followed: false })
    const again = await call(app, 'POST', '/api/addMonitorAddressV2', { token: alice.token, body: { network: 'ERC20', address: alice.wallet.address } })
    expect(again.status).toBe(200)
    const other = await call(app, 'POST', '/api/addMonitorAddressV2', { token: bob.token, body: { network: 'ERC20', address: alice.wallet.address } })
    expect(other.body).toMatchObject({ code: 400, msg: 'Only the wallet address you signed in with can be followed' })
    expect((await call(app, 'POST', '/api/addMonitorAddressV2', { token: bob.token, body: { network: 'ERC20', address: 'nope' } })).status).toBe(400)
    expect((await call(app, 'POST', '/api/addMonitorAddressV2', { body: { network: 'ERC20', address: alice.wallet.address } })).status).toBe(401)
  })
})

describe('GET /api/getGasPrice', () => {
  it('answers no price without a node', async () => {
    const res = await call(app, 'GET', '/api/getGasPrice')
    expect(res.body.data).toEqual({ gwei: null, updatedAt: null })
  })
})

describe('crediting a deposit', () => {
  it('posts and marks in one transaction: a deposit rejected first is never credited, whatever the caller read before', async () => {
    const user = await signIn(app)
    const res = await claim(user.token, claimBody(await uploadScreenshot(app, user.token)))
    const id = (res.body.data as Deposit).id
    const [stale] = await app.db.select().from(deposits).where(eq(deposits.id, BigInt(id)))
    // An operator rejects it while a check that read the row before is about to credit it.
    await app.db.update(deposits).set({ status: 'rejected', rejectReason: 'not ours' }).where(eq(deposits.id, BigInt(id)))
    expect(await creditDeposits(app, [stale!])).toEqual([])
    expect(await liveAvailable(app, user.token, 'USDT')).toBe('0')
    const [after] = await app.db.select().from(deposits).where(eq(deposits.id, BigInt(id)))
    expect([after!.status, after!.journalId]).toEqual(['rejected', null])
  })

  it('credits a waiting deposit once, the row and the journal together', async () => {
    const user = await signIn(app)
    const res = await claim(user.token, claimBody(await uploadScreenshot(app, user.token)))
    const [row] = await app.db.select().from(deposits).where(eq(deposits.id, BigInt((res.body.data as Deposit).id)))
    const [credited] = await creditDeposits(app, [row!])
    expect(credited!.status).toBe('credited')
    expect(await creditDeposits(app, [row!])).toEqual([])
    expect(await liveAvailable(app, user.token, 'USDT')).toBe('25.5')
  })
})
