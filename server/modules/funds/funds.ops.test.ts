// The console's deposits queue and network settings, through app.inject: finance (and admin) only, each action
// audited, a decision made once.
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Deposit } from '#contract/deposits.ts'
import type { OpsDeposit, OpsNetwork } from '#contract/ops-funds.ts'
import { buildTestApp, call, signIn } from '../../test/helpers.ts'
import { signInOperator } from '../ops/test-operators.ts'
import { liveAvailable, openNetwork, randomHash, uploadScreenshot, resetNetworks } from './test-funds.ts'

let app: FastifyInstance
let finance: { token: string }
let support: { token: string }
let admin: { token: string }
beforeAll(async () => {
  app = await buildTestApp()
  await resetNetworks(app)
  await openNetwork(app, 'USDT', { min: '10' })
  ;[finance, support, admin] = await Promise.all([signInOperator(app, ['finance']), signInOperator(app, ['support']), signInOperator(app, ['admin'])])
})
afterAll(() => app?.close())

async function claimed(amount = '50') {
  const user = await signIn(app)
  const txHash = randomHash()
  const body = { currency: 'USDT', network: 'ERC20', amount, txHash, last6: txHash.slice(-6), screenshot: await uploadScreenshot(app, user.token) }
  const res = await call(app, 'POST', '/api/createRechargePlat', { token: user.token, body, headers: { 'idempotency-key': `k-${txHash}` } })
  return { user, deposit: res.body.data as Deposit }
}

const ops = (token: string | undefined, method: 'GET' | 'POST', path: string, body?: unknown) => call(app, method, `/api/ops${path}`, { token, body })
const auditOf = async (subject: string) =>
  (await ops(admin.token, 'GET', `/audit?subject=${encodeURIComponent(subject)}`)).body.data as { list: { action: string; before: unknown; after: unknown }[] }

describe('the deposits queue', () => {
  it('lists claims waiting with their user, proof and check, newest first', async () => {
    const { user, deposit } = await claimed()
    const res = await ops(finance.token, 'GET', '/deposits')
    expect(res.status).toBe(200)
    const first = (res.body.data as { list: OpsDeposit[] }).list[0]!
    expect(first).toMatchObject({ id: deposit.id, user: user.wallet.address, status: 'review', chainChecked: false, last6: deposit.txHash.slice(-6) })
    expect(first.screenshot).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('answers 401 without an operator (a user token included) and 403 to a role without finance', async () => {
    const user = await signIn(app)
    expect((await ops(undefined, 'GET', '/deposits')).status).toBe(401)
    expect((await ops(user.token, 'GET', '/deposits')).status).toBe(401)
    const denied = await ops(support.token, 'GET', '/deposits')
    expect(denied.body).toMatchObject({ code: 403, msg: 'Your operator roles do not allow this' })
    expect((await ops(support.token, 'POST', '/deposits/approve', { id: '1' })).status).toBe(403)
  })
})

describe('approve and reject', () => {
  it('approves once: the user is credited the claimed amount, the decision is audited, a second approval is 409', async () => {
    const { user, deposit } = await claimed('50')
    const res = await ops(finance.token, 'POST', '/deposits/approve', { id: deposit.id })
    expect(res.body.data).toMatchObject({ status: 'credited', amount: '50' })
    expect(await liveAvailable(app, user.token, 'USDT')).toBe('50')
    const twice = await ops(admin.token, 'POST', '/deposits/approve', { id: deposit.id })
    expect(twice.body).toMatchObject({ code: 409, msg: 'This deposit is no longer waiting for a decision' })
    expect(await liveAvailable(app, user.token, 'USDT')).toBe('50')
    const audit = await auditOf(`deposit:${deposit.id}`)
    expect(audit.list.map((a) => a.action)).toEqual(['deposits.approve'])
    expect(audit.list[0]!.after).toMatchObject({ status: 'credited', amount: '50' })
  })

  it('credits the amount the operator sets when the chain showed another', async () => {
    const { user, deposit } = await claimed('80')
    await ops(finance.token, 'POST', '/deposits/approve', { id: deposit.id, amount: '79.5' })
    expect(await liveAvailable(app, user.token, 'USDT')).toBe('79.5')
  })

  it('rejects with a reason the user sees, credits nothing, and cannot then be approved', async () => {
    const { user, deposit } = await claimed()
    const res = await ops(finance.token, 'POST', '/deposits/reject', { id: deposit.id, reason: 'No such transfer on chain' })
    expect(res.body.data).toMatchObject({ status: 'rejected', rejectReason: 'No such transfer on chain' })
    const mine = (await call(app, 'GET', '/api/getMyDeposits', { token: user.token })).body.data as { list: Deposit[] }
    expect(mine.list[0]).toMatchObject({ status: 'rejected', rejectReason: 'No such transfer on chain' })
    expect((await ops(finance.token, 'POST', '/deposits/approve', { id: deposit.id })).status).toBe(409)
    expect(await liveAvailable(app, user.token, 'USDT')).toBe('0')
    expect((await auditOf(`deposit:${deposit.id}`)).list.map((a) => a.action)).toEqual(['deposits.reject'])
  })

  it('answers 400 for a bad id, reason or amount, and 404 for a deposit that does not exist', async () => {
    const { deposit } = await claimed()
    expect((await ops(finance.token, 'POST', '/deposits/reject', { id: deposit.id, reason: ' ' })).status).toBe(400)
    expect((await ops(finance.token, 'POST', '/deposits/approve', { id: 'abc' })).status).toBe(400)
    expect((await ops(finance.token, 'POST', '/deposits/approve', { id: deposit.id, amount: '-5' })).status).toBe(400)
    expect((await ops(finance.token, 'POST', '/deposits/approve', { id: deposit.id, amount: '1.0000001' })).status).toBe(400)
    expect((await ops(finance.token, 'POST', '/deposits/approve', { id: '99999999999' })).body).toMatchObject({ code: 404, msg: 'Deposit not found' })
  })
})

describe('network settings', () => {
  it('lists every setting and changes those sent, EIP-55 checked and audited with before and after', async () => {
    const list = (await ops(finance.token, 'GET', '/funds/networks')).body.data as OpsNetwork[]
    expect(list.find((n) => n.currency === 'ETH')).toMatchObject({ withdrawSecondConfirmAbove: '5', depositAddress: null })
    const address = '0x52908400098527886E0F7030069857D2E4169EE7'
    const res = await ops(finance.token, 'POST', '/funds/networks/update', {
      currency: 'ETH',
      network: 'ERC20',
      depositAddress: address.toLowerCase(),
      confirmations: 20,
      withdrawDailyMax: null,
    })
    expect(res.body.data).toMatchObject({ depositAddress: address, confirmations: 20, withdrawDailyMax: null, withdrawMin: '0.01' })
    const terms = (await call(app, 'GET', '/api/getCurrencyContainsNetList')).body.data as { currency: string; networks: { deposit: { open: boolean } }[] }[]
    expect(terms.find((c) => c.currency === 'ETH')!.networks[0]!.deposit.open).toBe(true)
    const audit = await auditOf('network:ETH:ERC20')
    expect(audit.list[0]).toMatchObject({ action: 'funds.updateNetwork', before: { depositAddress: null }, after: { depositAddress: address } })
  })

  it('refuses a mistyped address, a token finer than the ledger, an unknown network and the wrong role, changing nothing', async () => {
    const bad = await ops(finance.token, 'POST', '/funds/networks/update', {
      currency: 'USDT', network: 'ERC20', depositAddress: '0x52908400098527886E0F7030069857D2E4169Ee7',
    })
    expect(bad.body).toMatchObject({ code: 400, msg: 'The receiving address is not a valid address (check its upper and lower case letters)' })
    expect((await ops(finance.token, 'POST', '/funds/networks/update', { currency: 'USDT', network: 'ERC20', tokenDecimals: 18 })).status).toBe(400)
    expect((await ops(finance.token, 'POST', '/funds/networks/update', { currency: 'USDT', network: 'TRC20', confirmations: 1 })).status).toBe(400)
    expect((await ops(finance.token, 'POST', '/funds/networks/update', { currency: 'USDT', network: 'ERC20', withdrawFeeRate: '1.5' })).status).toBe(400)
    expect((await ops(support.token, 'POST', '/funds/networks/update', { currency: 'USDT', network: 'ERC20', confirmations: 1 })).status).toBe(403)
    expect((await ops(undefined, 'GET', '/funds/networks')).status).toBe(401)
    const usdt = ((await ops(finance.token, 'GET', '/funds/networks')).body.data as OpsNetwork[]).find((n) => n.currency === 'USDT')!
    expect(usdt).toMatchObject({ tokenDecimals: 6, confirmations: 3, withdrawFeeRate: '0' })
  })

  it('keeps a network\'s kind: USDT stays a token with its decimals, ether stays the native coin', async () => {
    const kind = (currency: string) => `${currency} on ERC20 cannot change its kind: a token keeps a token contract (its decimals change only with the contract), and the network's own coin has no contract and 18 decimals`
    const native = await ops(finance.token, 'POST', '/funds/networks/update', { currency: 'USDT', network: 'ERC20', tokenContract: null, tokenDecimals: 0 })
    expect([native.status, native.body.msg]).toEqual([400, kind('USDT')])
    const decimals = await ops(finance.token, 'POST', '/funds/networks/update', { currency: 'USDT', network: 'ERC20', tokenDecimals: 2 })
    expect([decimals.status, decimals.body.msg]).toEqual([400, kind('USDT')])
    const token = await ops(finance.token, 'POST', '/funds/networks/update', { currency: 'ETH', network: 'ERC20', tokenContract: '0xdAC17F958D2ee523a2206206994597C13D831ec7' })
    expect([token.status, token.body.msg]).toEqual([400, kind('ETH')])
    // Another contract with its own decimals is a token still.
    const moved = await ops(finance.token, 'POST', '/funds/networks/update', {
      currency: 'USDT', network: 'ERC20', tokenContract: '0x52908400098527886E0F7030069857D2E4169EE7', tokenDecimals: 4,
    })
    expect(moved.body.data).toMatchObject({ tokenContract: '0x52908400098527886E0F7030069857D2E4169EE7', tokenDecimals: 4 })
    await resetNetworks(app)
    await openNetwork(app, 'USDT', { min: '10' })
  })

  it('refuses amounts no withdrawal could meet or the currency cannot hold', async () => {
    const huge = await ops(finance.token, 'POST', '/funds/networks/update', { currency: 'USDT', network: 'ERC20', withdrawMin: '12345678901234567890' })
    expect([huge.status, huge.body.msg]).toEqual([400, 'Invalid input: withdrawMin'])
    const fine = await ops(finance.token, 'POST', '/funds/networks/update', { currency: 'USDT', network: 'ERC20', withdrawFee: '0.0000001' })
    expect(fine.status).toBe(400)
    expect(fine.body.msg).toContain('0.0000001')
    const usdt = ((await ops(finance.token, 'GET', '/funds/networks')).body.data as OpsNetwork[]).find((n) => n.currency === 'USDT')!
    expect(usdt).toMatchObject({ withdrawMin: '10', withdrawFee: '1', tokenContract: '0xdAC17F958D2ee523a2206206994597C13D831ec7', tokenDecimals: 6 })
  })
})
