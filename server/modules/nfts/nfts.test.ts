// NFT auctions through HTTP on the database (PGlite, or PostgreSQL with DATABASE_URL): bids hold live funds, being
// outbid releases them at once, the end pays the charity exactly the winning bid, and every refusal changes nothing.
// The books (and the auctions' sub-ledgers) reconcile after each test.
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { AuditEntry } from '#contract/ops.ts'
import type { CharityPage, NftItem, NftMetadata } from '#contract/nfts.ts'
import { call, buildTestApp } from '../../test/helpers.ts'
import { signInOperator } from '../ops/test-operators.ts'
import { liveUser } from '../withdrawals/test-withdrawals.ts'
import { settleDueItems } from './nfts.settle.ts'
import { bid, buy, expectReconciled, item, liveUsdt, mine, newCharity, newItem, type Ops } from './test-nfts.ts'

let app: FastifyInstance
let uploadDir: string
let ops: Ops
let admin: string
let clock = Date.now()
beforeAll(async () => {
  uploadDir = mkdtempSync(join(tmpdir(), 'keelson-nfts-'))
  app = await buildTestApp({ uploadDir, now: () => clock, nftExtendWindowMs: 120_000, nftExtendByMs: 120_000 })
  ops = await signInOperator(app, ['support'])
  admin = (await signInOperator(app, ['admin'])).token
})
afterAll(async () => {
  await app?.close()
  rmSync(uploadDir, { recursive: true, force: true })
})
afterEach(() => expectReconciled(app))

const auditOf = async (subject: string) => ((await call(app, 'GET', `/api/ops/audit?subject=${subject}`, { token: admin })).body.data as { list: AuditEntry[] }).list

describe('listing (console)', () => {
  it('lists a charity and an item, audited, and anyone reads it in their language', async () => {
    const charity = await newCharity(app, ops)
    expect(charity.totalDonated).toBe('0')
    const listed = await newItem(app, ops, charity.id, { buyNowPrice: '500' })
    expect(listed).toMatchObject({ title: 'Harbour at dawn', reservePrice: '100', minNextBid: '100', currentBid: null, status: 'live', buyNowPrice: '500' })
    expect((await auditOf(`nft:${listed.id}`)).map((a) => a.action)).toEqual(['nfts.itemCreate'])
    expect((await auditOf(`charity:${charity.id}`)).map((a) => a.action)).toEqual(['nfts.charityCreate'])
    const german = await call(app, 'GET', `/api/nft/item?id=${listed.id}`, { headers: { language: 'de_DE' } })
    expect(german.body.data).toMatchObject({ title: 'Hafen im Morgengrauen', lang: 'de_DE', charity: { name: charity.name } })
    const list = (await call(app, 'GET', '/api/nft/list?status=open&size=100')).body.data as { list: NftItem[] }
    expect(list.list.map((i) => i.id)).toContain(listed.id)
  })

  it('refuses bad drafts (400), no operator (401), a role that may not (403), and changes nothing', async () => {
    const charity = await newCharity(app, ops)
    const save = (token: string | undefined, body: unknown) => call(app, 'POST', '/api/ops/nft/saveItem', { token, body })
    const { list: before } = (await call(app, 'GET', '/api/ops/nft/items?size=100', { token: ops.token })).body.data as { list: unknown[] }
    const draft = { charityId: charity.id, image: randomUUID(), fallbackLang: 'en_US', translations: { en_US: { title: 'A', story: 'B' } }, creator: 'C', chain: 'Ethereum', reservePrice: '100', minStep: '1', endsAt: clock + 60_000 }
    expect((await save(ops.token, { ...draft, translations: { en_US: { title: '', story: 'B' } } })).status).toBe(400)
    expect((await save(ops.token, { ...draft, translations: { de_DE: { title: 'A', story: 'B' } } })).status).toBe(400)
    expect((await save(ops.token, { ...draft, reservePrice: '-1' })).status).toBe(400)
    const missing = await save(ops.token, draft)
    expect(missing.status).toBe(400)
    expect(missing.body.msg).toBe('The picture was not found; upload it again')
    expect((await save(ops.token, { ...draft, image: (await newItem(app, ops, charity.id)).imageId, endsAt: clock - 1 })).body.msg).toBe('The end time must be in the future')
    expect((await save(undefined, draft)).status).toBe(401)
    expect((await save((await signInOperator(app, ['finance'])).token, draft)).status).toBe(403)
    const { list: after } = (await call(app, 'GET', '/api/ops/nft/items?size=100', { token: ops.token })).body.data as { list: unknown[] }
    expect(after.length).toBe(before.length + 1)
  })

  it('once bid on, an item keeps its terms and only gains what minting adds; charities show their totals', async () => {
    const charity = await newCharity(app, ops)
    const listed = await newItem(app, ops, charity.id)
    await bid(app, (await liveUser(app, '500')).token, listed.id, '100')
    const draft = { id: listed.id, charityId: charity.id, image: listed.imageId, fallbackLang: 'en_US', translations: listed.translations, creator: listed.creator, chain: listed.chain, reservePrice: '100', minStep: '10', endsAt: listed.endsAt }
    const cheaper = await call(app, 'POST', '/api/ops/nft/saveItem', { token: ops.token, body: { ...draft, reservePrice: '50' } })
    expect(cheaper.status).toBe(409)
    expect(cheaper.body.msg).toBe('Bids were placed on this NFT: only its chain, contract address and token id can change')
    const minted = await call(app, 'POST', '/api/ops/nft/saveItem', { token: ops.token, body: { ...draft, contractAddress: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', tokenId: '7' } })
    expect(minted.status).toBe(200)
    expect(minted.body.data).toMatchObject({ contractAddress: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', tokenId: '7', reservePrice: '100', currentBid: '100' })
    expect((await auditOf(`nft:${listed.id}`)).map((a) => a.action)).toEqual(['nfts.itemEdit', 'nfts.itemCreate'])
    const publicList = (await call(app, 'GET', '/api/nft/charities')).body.data as { id: string; totalDonated: string }[]
    expect(publicList).toContainEqual(expect.objectContaining({ id: charity.id, totalDonated: '0' }))
    const opsList = (await call(app, 'GET', '/api/ops/nft/charities', { token: ops.token })).body.data as { id: string; settledCount: number }[]
    expect(opsList).toContainEqual(expect.objectContaining({ id: charity.id, settledCount: 0 }))
  })

  it('answers 404 for an unknown item and 400 for a malformed id', async () => {
    expect((await call(app, 'GET', '/api/nft/item?id=999999999')).status).toBe(404)
    expect((await call(app, 'GET', '/api/nft/item?id=abc')).status).toBe(400)
    expect((await call(app, 'GET', '/api/render/999999999')).status).toBe(404)
  })
})

describe('POST /api/nft/bid', () => {
  it('holds the bid, and being outbid releases it at once; the record and the balance say so', async () => {
    const charity = await newCharity(app, ops)
    const listed = await newItem(app, ops, charity.id)
    const alice = await liveUser(app, '1000')
    const bob = await liveUser(app, '1000')
    const first = await bid(app, alice.token, listed.id, '100')
    expect(first.status).toBe(200)
    expect(first.body.data).toMatchObject({ currentBid: '100', minNextBid: '110', bidCount: 1 })
    expect(await liveUsdt(app, alice.token)).toMatchObject({ available: '900', locked: '100', total: '1000' })
    expect(await mine(app, alice.token)).toMatchObject({ available: '900', held: '100', bids: [{ itemId: listed.id, amount: '100', status: 'leading' }] })

    expect((await bid(app, bob.token, listed.id, '150')).status).toBe(200)
    expect(await liveUsdt(app, alice.token)).toMatchObject({ available: '1000', locked: '0' })
    expect(await liveUsdt(app, bob.token)).toMatchObject({ available: '850', locked: '150' })
    expect((await mine(app, alice.token)).bids[0]!.status).toBe('outbid')
    const told = (await call(app, 'GET', '/api/getMyMessage', { token: alice.token })).body.data as { list: { title: string }[] }
    expect(told.list.map((m) => m.title)).toContain('You were outbid')
    // Another user's bids are never in the caller's list.
    expect((await mine(app, alice.token)).bids.every((b) => b.amount !== '150')).toBe(true)
    const record = (await call(app, 'GET', '/api/getMyTransactionRecord?kind=nft', { token: alice.token })).body.data as { list: { text: string; amount: string }[] }
    expect(record.list.map((r) => [r.text, r.amount])).toEqual([
      ['NFT bid outbid: amount released', '100'],
      ['NFT bid: amount held', '-100'],
    ])
  })

  it('the leader may raise their own bid: the old hold is released in the same posting', async () => {
    const listed = await newItem(app, ops, (await newCharity(app, ops)).id)
    const alice = await liveUser(app, '200')
    expect((await bid(app, alice.token, listed.id, '100')).status).toBe(200)
    expect((await bid(app, alice.token, listed.id, '200')).status).toBe(200)
    expect(await liveUsdt(app, alice.token)).toMatchObject({ available: '0', locked: '200' })
  })

  it('refuses a bid below the reserve or the current bid plus the step, an empty or too precise amount (400); nothing changes', async () => {
    const listed = await newItem(app, ops, (await newCharity(app, ops)).id)
    const alice = await liveUser(app, '1000')
    const low = await bid(app, alice.token, listed.id, '99.99')
    expect(low.status).toBe(400)
    expect(low.body.msg).toBe('Bid at least 100 USDT')
    expect((await bid(app, alice.token, listed.id, '')).status).toBe(400)
    expect((await bid(app, alice.token, listed.id, 100)).status).toBe(400)
    expect((await bid(app, alice.token, listed.id, '100.0000001')).status).toBe(400)
    await bid(app, alice.token, listed.id, '100')
    const step = await bid(app, (await liveUser(app, '1000')).token, listed.id, '109')
    expect(step.body.msg).toBe('Bid at least 110 USDT')
    expect(await liveUsdt(app, alice.token)).toMatchObject({ available: '900', locked: '100' })
    expect((await item(app, listed.id)).bidCount).toBe(1)
  })

  it('needs a signed-in user (401) and an Idempotency-Key (400)', async () => {
    const listed = await newItem(app, ops, (await newCharity(app, ops)).id)
    expect((await bid(app, undefined, listed.id, '100')).status).toBe(401)
    expect((await bid(app, (await liveUser(app, '1000')).token, listed.id, '100', null)).status).toBe(400)
  })

  it('refuses more than the live funds (409) and an unknown item (404)', async () => {
    const listed = await newItem(app, ops, (await newCharity(app, ops)).id)
    const poor = await liveUser(app, '50')
    const refused = await bid(app, poor.token, listed.id, '100')
    expect(refused.status).toBe(409)
    expect(refused.body.msg).toBe('Not enough in your live account: 50 USDT can be held for a bid now')
    expect(await liveUsdt(app, poor.token)).toMatchObject({ available: '50', locked: '0' })
    expect((await bid(app, poor.token, '999999999', '10')).status).toBe(404)
  })

  it('answers a repeated key with the first outcome and holds once', async () => {
    const listed = await newItem(app, ops, (await newCharity(app, ops)).id)
    const alice = await liveUser(app, '1000')
    const key = randomUUID()
    const first = await bid(app, alice.token, listed.id, '120', key)
    const again = await bid(app, alice.token, listed.id, '120', key)
    expect(again.status).toBe(200)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(again.body.data).toEqual(first.body.data)
    expect((await bid(app, alice.token, listed.id, '130', key)).status).toBe(422)
    expect(await liveUsdt(app, alice.token)).toMatchObject({ available: '880', locked: '120' })
  })

  it('refuses a bid on an ended auction (409) and extends the end when a bid comes in its last minutes', async () => {
    const listed = await newItem(app, ops, (await newCharity(app, ops)).id, { endsAt: clock + 60_000 })
    const alice = await liveUser(app, '1000')
    expect((await bid(app, alice.token, listed.id, '100')).status).toBe(200)
    // 60 s before the end, inside the 120 s window: the end moves to 120 s after the bid.
    expect((await item(app, listed.id)).endsAt).toBe(clock + 120_000)
    clock += 120_000
    const late = await bid(app, (await liveUser(app, '1000')).token, listed.id, '200')
    expect(late.status).toBe(409)
    expect(late.body.msg).toBe('This auction has ended')
    expect((await item(app, listed.id)).status).toBe('ended')
    await settleDueItems(app, clock)
  })
})

describe('the end of an auction', () => {
  it('pays the charity exactly the winning bid once, records the new owner, and the charity page lists it', async () => {
    const charity = await newCharity(app, ops)
    const listed = await newItem(app, ops, charity.id, { endsAt: clock + 3_600_000 })
    const alice = await liveUser(app, '1000')
    const bob = await liveUser(app, '1000')
    await bid(app, alice.token, listed.id, '100')
    await bid(app, bob.token, listed.id, '250.5')
    clock += 3_600_000
    expect(await settleDueItems(app, clock)).toBeGreaterThanOrEqual(1)
    expect(await settleDueItems(app, clock)).toBe(0)
    const sold = await item(app, listed.id)
    expect(sold).toMatchObject({ status: 'sold', saleAmount: '250.5', charity: { totalDonated: '250.5' } })
    const bobInfo = (await call(app, 'GET', '/api/getMyAccountInfo', { token: bob.token })).body.data as { address: string }
    expect(sold.ownerAddress).toBe(bobInfo.address)
    expect(await liveUsdt(app, bob.token)).toMatchObject({ available: '749.5', locked: '0', total: '749.5' })
    expect(await liveUsdt(app, alice.token)).toMatchObject({ available: '1000', locked: '0' })
    const won = (await call(app, 'GET', '/api/getMyMessage', { token: bob.token })).body.data as { list: { title: string }[] }
    expect(won.list.map((m) => m.title)).toContain('You won an NFT auction')
    const page = (await call(app, 'GET', `/api/nft/charity?id=${charity.id}`)).body.data as CharityPage
    expect(page.charity.totalDonated).toBe('250.5')
    expect(page.list).toEqual([{ itemId: listed.id, title: 'Harbour at dawn', amount: '250.5', time: expect.any(Number) }])
    const metadata = await app.inject({ method: 'GET', url: `/api/render/${listed.id}` })
    const json = metadata.json() as NftMetadata
    expect(json).toMatchObject({ name: 'Harbour at dawn', description: 'Painted by the children of the harbour school.' })
    expect(json.image).toMatch(new RegExp(`/api/render/${listed.id}/image$`))
    expect(json.attributes).toContainEqual({ trait_type: 'Charity', value: charity.name })
    const image = await app.inject({ method: 'GET', url: `/api/render/${listed.id}/image` })
    expect(image.statusCode).toBe(200)
    expect(image.headers['content-type']).toBe('image/png')
  })

  it('closes unsold when nobody bid; an operator may end one early, once, audited', async () => {
    const charity = await newCharity(app, ops)
    const quiet = await newItem(app, ops, charity.id, { endsAt: clock + 1000 })
    clock += 1000
    await settleDueItems(app, clock)
    expect((await item(app, quiet.id)).status).toBe('unsold')
    const listed = await newItem(app, ops, charity.id)
    const alice = await liveUser(app, '500')
    await bid(app, alice.token, listed.id, '300')
    const close = (token: string | undefined) => call(app, 'POST', '/api/ops/nft/close', { token, body: { id: listed.id } })
    expect((await close(undefined)).status).toBe(401)
    const closed = await close(ops.token)
    expect(closed.status).toBe(200)
    expect(closed.body.data).toMatchObject({ status: 'sold', saleAmount: '300', charity: { totalDonated: '300' } })
    expect((await close(ops.token)).status).toBe(409)
    expect((await auditOf(`nft:${listed.id}`)).map((a) => a.action)).toEqual(['nfts.close', 'nfts.itemCreate'])
    expect(await liveUsdt(app, alice.token)).toMatchObject({ available: '200', locked: '0' })
  })
})

describe('POST /api/nft/buyNow', () => {
  it('settles at once to the charity and releases the leading bid', async () => {
    const charity = await newCharity(app, ops)
    const listed = await newItem(app, ops, charity.id, { buyNowPrice: '400' })
    const alice = await liveUser(app, '1000')
    const bob = await liveUser(app, '1000')
    await bid(app, alice.token, listed.id, '100')
    const key = randomUUID()
    const bought = await buy(app, bob.token, listed.id, key)
    expect(bought.status).toBe(200)
    expect(bought.body.data).toMatchObject({ status: 'sold', saleAmount: '400', charity: { totalDonated: '400' } })
    expect((await buy(app, bob.token, listed.id, key)).headers['idempotent-replayed']).toBe('true')
    expect(await liveUsdt(app, bob.token)).toMatchObject({ available: '600', locked: '0' })
    expect(await liveUsdt(app, alice.token)).toMatchObject({ available: '1000', locked: '0' })
    expect((await buy(app, alice.token, listed.id)).status).toBe(409)
    expect((await bid(app, alice.token, listed.id, '500')).status).toBe(409)
  })

  it('refuses without a buy-now price or once bids reach it, short funds (409), no token (401), bad input (400)', async () => {
    const charity = await newCharity(app, ops)
    const plain = await newItem(app, ops, charity.id)
    const alice = await liveUser(app, '1000')
    expect((await buy(app, alice.token, plain.id)).body.msg).toBe('This NFT cannot be bought now: bid instead')
    const reached = await newItem(app, ops, charity.id, { buyNowPrice: '200' })
    await bid(app, alice.token, reached.id, '200')
    expect((await buy(app, (await liveUser(app, '1000')).token, reached.id)).status).toBe(409)
    const pricey = await newItem(app, ops, charity.id, { buyNowPrice: '5000' })
    expect((await buy(app, alice.token, pricey.id)).status).toBe(409)
    expect((await buy(app, undefined, pricey.id)).status).toBe(401)
    expect((await buy(app, alice.token, 'x')).status).toBe(400)
    expect((await item(app, pricey.id)).status).toBe('live')
  })
})

describe('racing bids', () => {
  it('20 concurrent bids: exactly one leads (the highest), every other is released or refused', async () => {
    const listed = await newItem(app, ops, (await newCharity(app, ops)).id, { minStep: '1' })
    const users = await Promise.all(Array.from({ length: 20 }, () => liveUser(app, '1000')))
    const amounts = users.map((_, i) => String(100 + i * 5))
    const answers = await Promise.all(users.map((u, i) => bid(app, u.token, listed.id, amounts[i])))
    expect(answers.every((a) => a.status === 200 || (a.status === 400 && a.body.msg.startsWith('Bid at least')))).toBe(true)
    const after = await item(app, listed.id)
    expect(after.currentBid).toBe('195')
    for (const [i, u] of users.entries()) {
      const usdt = await liveUsdt(app, u.token)
      expect(usdt).toMatchObject(i === 19 ? { available: '805', locked: '195' } : { available: '1000', locked: '0' })
      const leading = (await mine(app, u.token)).bids.filter((b) => b.status === 'leading')
      expect(leading.length).toBe(i === 19 ? 1 : 0)
    }
  })
})
