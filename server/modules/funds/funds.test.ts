import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CurrencyNets } from '#contract/funds.ts'
import { buildTestApp, call } from '../../test/helpers.ts'
import { networkOf } from './funds.service.ts'
import { resetNetworks } from './test-funds.ts'

let app: FastifyInstance
beforeAll(async () => {
  app = await buildTestApp()
  await resetNetworks(app)
})
afterAll(() => app?.close())

describe('GET /api/getCurrencyContainsNetList', () => {
  it('lists USDT and ETH on Ethereum with their deposit and withdrawal terms, closed until an address is set', async () => {
    const res = await call(app, 'GET', '/api/getCurrencyContainsNetList')
    expect(res.status).toBe(200)
    const list = res.body.data as CurrencyNets[]
    const usdt = list.find((c) => c.currency === 'USDT')!
    expect(usdt.scale).toBe(6)
    const erc20 = usdt.networks.find((n) => n.network === 'ERC20')!
    expect(erc20).toMatchObject({ evm: true, tokenDecimals: 6, tokenContract: '0xdAC17F958D2ee523a2206206994597C13D831ec7' })
    // Amounts are plain decimals, not numeric(38,18)'s padding.
    expect(erc20.deposit).toEqual({ open: false, address: null, min: '10', confirmations: 12, onChain: true, followed: false })
    expect(erc20.withdraw).toEqual({ enabled: true, fee: '1', feeRate: '0', min: '10', dailyMax: '50000', kycAbove: '1000' })
    const eth = list.find((c) => c.currency === 'ETH')!
    expect(eth.networks[0]).toMatchObject({ network: 'ERC20', tokenContract: null, tokenDecimals: 18 })
    // Operator-only settings stay on the server.
    expect(JSON.stringify(list)).not.toContain('secondConfirm')
  })

  it('answers 400 for a currency on a network that is not configured', async () => {
    await expect(networkOf(app.db, 'USDT', 'NOPE')).rejects.toMatchObject({ statusCode: 400 })
  })
})
