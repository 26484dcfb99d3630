// Shared by the funds tests: open deposits on a network (as an operator would), upload a claim's screenshot, read a
// user's live balance through the API.
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { call } from '../../test/helpers.ts'
import { multipartBody, plainPng } from '../uploads/test-files.ts'
import { fundsNetworks } from './funds.table.ts'

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
