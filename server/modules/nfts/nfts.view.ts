// Items as readers and operators see them: the text in the reader's language (else the item's fallback), the current
// bid and bid count from the bids, and the charity's total from its ledger account (never a stored number).
import { and, count, eq, inArray, sql } from 'drizzle-orm'
import { isLanguageCode, type LanguageCode } from '#contract/locales.ts'
import { minNextBid } from '#contract/nft-math.ts'
import { NFT_CURRENCY, RENDER_PREFIX, type NftCharity, type NftItem, type NftStatus } from '#contract/nfts.ts'
import type { OpsNftItem } from '#contract/ops-nfts.ts'
import { houseEntrySums } from '../../ledger/read.ts'
import { trim } from '../../ledger/reconcile.ts'
import type { DbOrTx } from '../../ledger/types.ts'
import { userLabels } from '../auth/users.repository.ts'
import { charityRows } from './nfts.money.ts'
import { charities, nftBids, nftItems, type CharityRow, type NftItemRow } from './nfts.table.ts'

export type Leading = { userId: string; amount: string }
export type LoadedItem = { row: NftItemRow; charity: NftCharity; leading: Leading | null; bidCount: number }

/** Charities with their totals (the sums of their donations accounts' entries). */
export async function withTotals(handle: DbOrTx, rows: CharityRow[]): Promise<NftCharity[]> {
  const totals = await houseEntrySums(handle, charityRows, rows.map((c) => c.id))
  return rows.map((c) => ({ id: String(c.id), name: c.name, description: c.description, currency: NFT_CURRENCY, totalDonated: totals.get(c.id) ?? '0' }))
}

export async function loadItems(handle: DbOrTx, rows: NftItemRow[]): Promise<LoadedItem[]> {
  if (rows.length === 0) return []
  const itemIds = rows.map((r) => r.id)
  const charityIds = [...new Set(rows.map((r) => r.charityId))]
  // One after another: inside a transaction (the console's save) the handle is one connection.
  const charityRowsFound = await handle.select().from(charities).where(inArray(charities.id, charityIds))
  const counts = await handle.select({ itemId: nftBids.itemId, n: count() }).from(nftBids).where(inArray(nftBids.itemId, itemIds)).groupBy(nftBids.itemId)
  const leaders = await handle
    .select({ itemId: nftBids.itemId, userId: nftBids.userId, amount: sql<string>`${nftBids.amount}::text` })
    .from(nftBids)
    .where(and(inArray(nftBids.itemId, itemIds), inArray(nftBids.status, ['leading', 'won'])))
  const byCharity = new Map((await withTotals(handle, charityRowsFound)).map((c) => [c.id, c]))
  const countOf = new Map(counts.map((c) => [c.itemId, Number(c.n)]))
  const leaderOf = new Map(leaders.map((l) => [l.itemId, { userId: l.userId, amount: trim(l.amount) }]))
  return rows.map((row) => ({ row, charity: byCharity.get(String(row.charityId))!, leading: leaderOf.get(row.id) ?? null, bidCount: countOf.get(row.id) ?? 0 }))
}

export function statusOf(row: Pick<NftItemRow, 'status' | 'endsAt'>, now: number): NftStatus {
  if (row.status !== 'live') return row.status
  return now >= row.endsAt ? 'ended' : 'live'
}

const amountOrNull = (v: string | null) => (v === null ? null : trim(v))

export function toNftItem({ row, charity, leading, bidCount }: LoadedItem, language: string | undefined, now: number): NftItem {
  const lang: LanguageCode = isLanguageCode(language) && row.translations[language] ? language : (row.fallbackLang as LanguageCode)
  const text = row.translations[lang] ?? Object.values(row.translations)[0]!
  const reservePrice = trim(row.reservePrice)
  const minStep = trim(row.minStep)
  const currentBid = leading?.amount ?? null
  return {
    id: String(row.id),
    title: text.title,
    story: text.story,
    lang,
    image: `${RENDER_PREFIX}${row.id}/image`,
    creator: row.creator,
    chain: row.chain,
    contractAddress: row.contractAddress,
    tokenId: row.tokenId,
    currency: row.currency,
    reservePrice,
    buyNowPrice: amountOrNull(row.buyNowPrice),
    minStep,
    currentBid,
    minNextBid: minNextBid({ reservePrice, minStep, currentBid }),
    bidCount,
    endsAt: row.endsAt,
    status: statusOf(row, now),
    charity,
    ownerAddress: row.ownerAddress,
    saleAmount: amountOrNull(row.saleAmount),
    settledAt: row.settledAt,
  }
}

export async function toOpsItems(handle: DbOrTx, loaded: LoadedItem[], language: string | undefined, now: number): Promise<OpsNftItem[]> {
  const labels = await userLabels(handle, loaded.flatMap((l) => (l.leading ? [l.leading.userId] : [])))
  return loaded.map((l) => ({
    ...toNftItem(l, language, now),
    fallbackLang: l.row.fallbackLang as LanguageCode,
    translations: l.row.translations,
    imageId: l.row.imageUploadId,
    leader: l.leading ? (labels.get(l.leading.userId) ?? l.leading.userId) : null,
  }))
}

export const itemById = async (handle: DbOrTx, id: number): Promise<NftItemRow | undefined> =>
  (await handle.select().from(nftItems).where(eq(nftItems.id, id)))[0]
