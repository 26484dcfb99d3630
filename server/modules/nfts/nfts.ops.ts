// The console's side of NFT auctions: charities, items and closing an item early, each change audited in its own
// transaction (modules/ops/audit.ts). An item's prices, end and texts may change only while nobody has bid; its chain,
// contract address and token id (set when it is minted) may change at any time.
import { asc, count, desc, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { CharityDraft, NftDraft, OpsCharity, OpsNftItem } from '#contract/ops-nfts.ts'
import { NFT_CURRENCY } from '#contract/nfts.ts'
import { dec } from '#contract/trading-math.ts'
import { AppError } from '../../app-error.ts'
import type { Db } from '../../db/client.ts'
import type { DbOrTx } from '../../ledger/types.ts'
import { audit, type Actor } from '../ops/audit.ts'
import { contentImageById } from '../uploads/uploads.service.ts'
import { settleItem } from './nfts.settle.ts'
import { charities, nftBids, nftItems, type CharityRow } from './nfts.table.ts'
import { itemById, loadItems, toOpsItems, withTotals } from './nfts.view.ts'

async function opsCharities(handle: DbOrTx, rows: CharityRow[]): Promise<OpsCharity[]> {
  const counts = await handle
    .select({ charityId: nftItems.charityId, n: count() })
    .from(nftItems)
    .where(eq(nftItems.status, 'sold'))
    .groupBy(nftItems.charityId)
  const countOf = new Map(counts.map((c) => [String(c.charityId), Number(c.n)]))
  return (await withTotals(handle, rows)).map((c) => ({ ...c, settledCount: countOf.get(c.id) ?? 0 }))
}

export async function opsCharityList(app: FastifyInstance): Promise<OpsCharity[]> {
  return opsCharities(app.db, await app.db.select().from(charities).orderBy(asc(charities.id)))
}

export async function saveCharity(app: FastifyInstance, operator: Actor, draft: CharityDraft): Promise<OpsCharity> {
  const now = app.now()
  return app.db.transaction(async (tx) => {
    if (draft.id === undefined) {
      const [row] = await tx.insert(charities).values({ name: draft.name, description: draft.description, createdAt: now, updatedAt: now }).returning()
      const [saved] = await opsCharities(tx, [row!])
      await audit(tx, operator, { action: 'nfts.charityCreate', subject: `charity:${row!.id}`, after: saved })
      return saved!
    }
    const [before] = await tx.select().from(charities).where(eq(charities.id, Number(draft.id))).for('update')
    if (!before) throw new AppError(404, 'charityNotFound')
    const [row] = await tx.update(charities).set({ name: draft.name, description: draft.description, updatedAt: now }).where(eq(charities.id, before.id)).returning()
    const [saved] = await opsCharities(tx, [row!])
    await audit(tx, operator, { action: 'nfts.charityEdit', subject: `charity:${row!.id}`, before: { name: before.name, description: before.description }, after: saved })
    return saved!
  })
}

export async function opsItemPage(app: FastifyInstance, query: { page: number; size: number }, language: string | undefined) {
  const [rows, [total]] = await Promise.all([
    app.db
      .select()
      .from(nftItems)
      .orderBy(desc(nftItems.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    app.db.select({ n: count() }).from(nftItems),
  ])
  const list = await toOpsItems(app.db, await loadItems(app.db, rows), language, app.now())
  return { list, total: total?.n ?? 0, page: query.page, size: query.size }
}

async function opsItem(app: FastifyInstance, handle: DbOrTx, id: number, language: string | undefined): Promise<OpsNftItem> {
  const row = await itemById(handle, id)
  if (!row) throw new AppError(404, 'nftNotFound')
  return (await toOpsItems(handle, await loadItems(handle, [row]), language, app.now()))[0]!
}

/** JSON with every object's keys sorted: jsonb gives keys back in its own order. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_, v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1))) : v))

/** Refusals of a draft that need no row: the picture, the charity, the prices and the end. */
async function checkDraft(app: FastifyInstance, handle: DbOrTx, draft: NftDraft): Promise<void> {
  if (!(await contentImageById(handle as Db, draft.image))) throw new AppError(400, 'nftImageMissing')
  const [charity] = await handle.select({ id: charities.id }).from(charities).where(eq(charities.id, Number(draft.charityId)))
  if (!charity) throw new AppError(404, 'charityNotFound')
  if (draft.buyNowPrice && dec(draft.buyNowPrice).lt(draft.reservePrice)) throw new AppError(400, 'nftBuyNowBelowReserve')
  if (draft.endsAt <= app.now()) throw new AppError(400, 'nftEndsInPast')
}

export async function saveItem(app: FastifyInstance, operator: Actor, draft: NftDraft, language: string | undefined): Promise<OpsNftItem> {
  const now = app.now()
  const minted = { chain: draft.chain, contractAddress: draft.contractAddress ?? null, tokenId: draft.tokenId ?? null }
  const terms = {
    charityId: Number(draft.charityId),
    imageUploadId: draft.image.toLowerCase(),
    fallbackLang: draft.fallbackLang,
    translations: draft.translations,
    creator: draft.creator,
    reservePrice: dec(draft.reservePrice).toFixed(),
    buyNowPrice: draft.buyNowPrice ? dec(draft.buyNowPrice).toFixed() : null,
    minStep: dec(draft.minStep).toFixed(),
    endsAt: draft.endsAt,
  }
  if (draft.id === undefined) {
    await checkDraft(app, app.db, draft)
    return app.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(nftItems)
        .values({ ...terms, ...minted, currency: NFT_CURRENCY, createdAt: now, updatedAt: now })
        .returning()
      const saved = await opsItem(app, tx, row!.id, language)
      await audit(tx, operator, { action: 'nfts.itemCreate', subject: `nft:${row!.id}`, after: saved })
      return saved
    })
  }
  const id = Number(draft.id)
  return app.db.transaction(async (tx) => {
    const [before] = await tx.select().from(nftItems).where(eq(nftItems.id, id)).for('update')
    if (!before) throw new AppError(404, 'nftNotFound')
    const [bids] = await tx.select({ n: count() }).from(nftBids).where(eq(nftBids.itemId, id))
    // Once someone has bid (or it is settled), only what minting adds may change.
    const frozen = (bids?.n ?? 0) > 0 || before.status !== 'live'
    if (frozen) {
      const same = before.charityId === terms.charityId && before.imageUploadId === terms.imageUploadId && before.creator === terms.creator &&
        dec(before.reservePrice).eq(terms.reservePrice) && dec(before.minStep).eq(terms.minStep) && before.endsAt === terms.endsAt &&
        (before.buyNowPrice === null ? terms.buyNowPrice === null : terms.buyNowPrice !== null && dec(before.buyNowPrice).eq(terms.buyNowPrice)) &&
        before.fallbackLang === terms.fallbackLang && canonical(before.translations) === canonical(terms.translations)
      if (!same) throw new AppError(409, 'nftHasBids')
    } else {
      await checkDraft(app, tx, draft)
    }
    await tx.update(nftItems).set({ ...(frozen ? {} : terms), ...minted, updatedAt: now }).where(eq(nftItems.id, id))
    const saved = await opsItem(app, tx, id, language)
    await audit(tx, operator, { action: 'nfts.itemEdit', subject: `nft:${id}`, before: { ...before, updatedAt: undefined }, after: saved })
    return saved
  })
}

/** Ends an open item now: settled to its leading bid, or closed unsold. */
export async function closeItem(app: FastifyInstance, operator: Actor, id: string, language: string | undefined): Promise<OpsNftItem> {
  await settleItem(app, Number(id), 'operator', async (tx, before) => {
    const after = await tx.select({ status: nftItems.status, saleAmount: sql<string | null>`${nftItems.saleAmount}::text` }).from(nftItems).where(eq(nftItems.id, before.id))
    await audit(tx, operator, { action: 'nfts.close', subject: `nft:${id}`, before: { status: before.status, endsAt: before.endsAt }, after: after[0] })
  })
  return opsItem(app, app.db, Number(id), language)
}
