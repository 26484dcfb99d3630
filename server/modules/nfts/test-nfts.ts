// Shared by the NFT auction tests: a charity and an item listed through the console's endpoints (with a content
// picture in the upload store), users holding live USDT, and reads of what a user would look at.
import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'
import type { Balance } from '#contract/account.ts'
import type { MyNfts, NftItem } from '#contract/nfts.ts'
import type { OpsCharity, OpsNftItem } from '#contract/ops-nfts.ts'
import { reconcileBooks } from '../orders/orders.subledger.ts'
import { plainPng } from '../uploads/test-files.ts'
import { saveContentImage } from '../uploads/uploads.service.ts'
import { call } from '../../test/helpers.ts'

export type Ops = { id: string; token: string }

export async function newCharity(app: FastifyInstance, ops: Ops, name = `Charity ${randomUUID().slice(0, 8)}`): Promise<OpsCharity> {
  const res = await call(app, 'POST', '/api/ops/nft/saveCharity', { token: ops.token, body: { name, description: 'Books and meals for children' } })
  expect(res.status).toBe(200)
  return res.body.data as OpsCharity
}

export async function itemDraft(app: FastifyInstance, ops: Ops, charityId: string, more: Record<string, unknown> = {}) {
  const image = await saveContentImage(app, ops.id, await plainPng(8, 8))
  return {
    charityId,
    image: image.id,
    fallbackLang: 'en_US',
    translations: { en_US: { title: 'Harbour at dawn', story: 'Painted by the children of the harbour school.' }, de_DE: { title: 'Hafen im Morgengrauen', story: 'Gemalt von Kindern.' } },
    creator: 'Harbour School',
    chain: 'Ethereum',
    reservePrice: '100',
    minStep: '10',
    endsAt: app.now() + 3_600_000,
    ...more,
  }
}

export async function newItem(app: FastifyInstance, ops: Ops, charityId: string, more: Record<string, unknown> = {}): Promise<OpsNftItem> {
  const res = await call(app, 'POST', '/api/ops/nft/saveItem', { token: ops.token, body: await itemDraft(app, ops, charityId, more) })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.data as OpsNftItem
}

export const bid = (app: FastifyInstance, token: string | undefined, itemId: string, amount: unknown, key: string | null = randomUUID()) =>
  call(app, 'POST', '/api/nft/bid', { token, body: { itemId, amount }, headers: key ? { 'idempotency-key': key } : {} })

export const buy = (app: FastifyInstance, token: string | undefined, id: string, key: string | null = randomUUID()) =>
  call(app, 'POST', '/api/nft/buyNow', { token, body: { id }, headers: key ? { 'idempotency-key': key } : {} })

export const item = async (app: FastifyInstance, id: string) => (await call(app, 'GET', `/api/nft/item?id=${id}`)).body.data as NftItem

export const mine = async (app: FastifyInstance, token: string) => (await call(app, 'GET', '/api/nft/mine', { token })).body.data as MyNfts

/** The user's live USDT as the balance screen shows it. */
export async function liveUsdt(app: FastifyInstance, token: string) {
  const balance = (await call(app, 'GET', '/api/getBalance', { token })).body.data as Balance
  expect(balance.book).toBe('live')
  return balance.currencies.find((c) => c.currency === 'USDT')!
}

export async function expectReconciled(app: FastifyInstance) {
  const found = await reconcileBooks(app.db)
  expect(found.subledgers.flatMap((s) => s.mismatched)).toEqual([])
  expect(found.ok).toBe(true)
}
