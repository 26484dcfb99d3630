// NFT auctions, the users' side: reading items and charities, bidding and buying now. A bid runs in one transaction
// under the bidder's live book lock (the lock orders and withdrawals take, so no two of them spend the same money) and
// the item's row lock (so bids on one item queue): it checks the amount against the leading bid, marks that bid
// outbid, inserts the new one, and posts the outbid's release and the new bid's hold in one ledger call. The partial
// unique index nft_bids_one_leading_idx keeps one leading bid per item whatever happens. Settling: nfts.settle.ts.
import { and, asc, count, desc, eq, gt, inArray, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { isLanguageCode, type LanguageCode } from '#contract/locales.ts'
import { bidIssue, endAfterBid } from '#contract/nft-math.ts'
import { NFT_CURRENCY, type CharityPage, type MyNfts, type NftCharity, type NftItem, type PlaceBid } from '#contract/nfts.ts'
import { spendable } from '#contract/trading-account.ts'
import { dec } from '#contract/trading-math.ts'
import { AppError } from '../../app-error.ts'
import { retrying } from '../../ledger/db-errors.ts'
import { scaleOf } from '../../ledger/legs.ts'
import { pushBalanceUpdates } from '../../ledger/notify.ts'
import { postJournalsInTx, type JournalInput, type Posted } from '../../ledger/post.ts'
import { houseEntries } from '../../ledger/read.ts'
import { trim } from '../../ledger/reconcile.ts'
import type { DbOrTx, Tx } from '../../ledger/types.ts'
import type { AuthUser } from '../../plugins/auth.ts'
import { bookState, figuresOf } from '../orders/orders.money.ts'
import { lockBook } from '../orders/orders.repository.ts'
import { pricingOf } from '../orders/orders.service.ts'
import { insertTemplateMessage } from '../messages/messages.service.ts'
import { bidJournal, boughtJournal, charityRows, outbidJournal } from './nfts.money.ts'
import { pushMessages, type Told } from './nfts.notify.ts'
import { markSold } from './nfts.settle.ts'
import { charities, nftBids, nftItems, type NftBidRow, type NftItemRow } from './nfts.table.ts'
import { itemById, loadItems, toNftItem, withTotals } from './nfts.view.ts'

export async function itemPage(app: FastifyInstance, query: { page: number; size: number; status: 'open' | 'all' }, language: string | undefined) {
  const now = app.now()
  const where = query.status === 'open' ? and(eq(nftItems.status, 'live'), gt(nftItems.endsAt, now)) : undefined
  const [rows, [total]] = await Promise.all([
    // Open auctions first, the soonest to end first; then settled ones, the latest first.
    app.db
      .select()
      .from(nftItems)
      .where(where)
      .orderBy(sql`${nftItems.status} <> 'live'`, sql`CASE WHEN ${nftItems.status} = 'live' THEN ${nftItems.endsAt} ELSE -${nftItems.settledAt} END`, desc(nftItems.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    app.db.select({ n: count() }).from(nftItems).where(where),
  ])
  const list = (await loadItems(app.db, rows)).map((l) => toNftItem(l, language, now))
  return { list, total: total?.n ?? 0, page: query.page, size: query.size }
}

export async function oneItem(app: FastifyInstance, id: string, language: string | undefined): Promise<NftItem> {
  const row = await itemById(app.db, Number(id))
  if (!row) throw new AppError(404, 'nftNotFound')
  const [loaded] = await loadItems(app.db, [row])
  return toNftItem(loaded!, language, app.now())
}

export async function charityList(app: FastifyInstance): Promise<NftCharity[]> {
  return withTotals(app.db, await app.db.select().from(charities).orderBy(asc(charities.id)))
}

/** A charity with every settled auction and purchase, read from its ledger account's entries. */
export async function charityPage(app: FastifyInstance, query: { id: string; page: number; size: number }, language: string | undefined): Promise<CharityPage> {
  const [row] = await app.db.select().from(charities).where(eq(charities.id, Number(query.id)))
  if (!row) throw new AppError(404, 'charityNotFound')
  const [[charity], entries] = await Promise.all([withTotals(app.db, [row]), houseEntries(app.db, charityRows, row.id, query.size, (query.page - 1) * query.size)])
  const ids = entries.list.flatMap((e) => (e.reference ? [Number(e.reference)] : []))
  const items = ids.length > 0 ? await app.db.select().from(nftItems).where(inArray(nftItems.id, ids)) : []
  const textOf = (i: (typeof items)[number]) => (isLanguageCode(language) ? i.translations[language] : undefined) ?? i.translations[i.fallbackLang as LanguageCode]
  const titleOf = new Map(items.map((i) => [String(i.id), textOf(i)?.title ?? '']))
  const list = entries.list.map((e) => ({ itemId: e.reference ?? '', title: titleOf.get(e.reference ?? '') ?? '', amount: e.amount, time: e.time.getTime() }))
  return { charity: charity!, list, total: entries.total, page: query.page, size: query.size }
}

/** What the caller may hold for a bid in the live book now: cash less any open loss, as a withdrawal counts it. */
async function liveSpendable(app: FastifyInstance, handle: DbOrTx, userId: string): Promise<string> {
  const state = await bookState(handle as Tx, userId, 'live', NFT_CURRENCY, pricingOf(app))
  if (!state.positions.some((p) => p.marginCurrency === NFT_CURRENCY)) return state.available.toFixed()
  return spendable(figuresOf({ ...state, floatingInFree: 'loss_only' })).toFixed()
}

export async function myNfts(app: FastifyInstance, user: AuthUser): Promise<MyNfts> {
  const available = await liveSpendable(app, app.db, user.id)
  const bids = await app.db.select().from(nftBids).where(eq(nftBids.userId, user.id)).orderBy(desc(nftBids.id)).limit(100)
  const held = bids.filter((b) => b.status === 'leading').reduce((sum, b) => sum.plus(b.amount), dec('0'))
  return {
    currency: NFT_CURRENCY,
    available,
    held: held.toFixed(),
    bids: bids.map((b) => ({ itemId: String(b.itemId), amount: trim(b.amount), status: b.status, createdAt: b.createdAt })),
  }
}

type Locked = { item: NftItemRow; leading: NftBidRow | undefined }

/** The item's row and its leading bid, locked for this transaction (404 for no such item). */
async function lockItem(tx: Tx, id: number): Promise<Locked> {
  const [item] = await tx.select().from(nftItems).where(eq(nftItems.id, id)).for('update')
  if (!item) throw new AppError(404, 'nftNotFound')
  const [leading] = await tx
    .select()
    .from(nftBids)
    .where(and(eq(nftBids.itemId, id), eq(nftBids.status, 'leading')))
    .for('update')
  return { item, leading }
}

const isOpen = (app: FastifyInstance, item: NftItemRow) => item.status === 'live' && app.now() < item.endsAt

/** Posts the journals in order in the transaction; a refusal (insufficient funds) aborts it. */
async function post(tx: Tx, journals: JournalInput[]): Promise<Posted[]> {
  const outcomes = await postJournalsInTx(tx, journals)
  const refused = outcomes.find((o) => o instanceof AppError)
  if (refused) throw refused
  return outcomes as Posted[]
}

const pushAll = (app: FastifyInstance, posted: Posted[]) => Promise.all(posted.map((p) => pushBalanceUpdates(app, p)))

/** Tells the bidder whose lead a bid or purchase of someone else ended, in the same transaction. */
async function tellOutbid(tx: Tx, leading: NftBidRow | undefined, by: string): Promise<Told[]> {
  if (!leading || leading.userId === by) return []
  return [{ userId: leading.userId, message: await insertTemplateMessage(tx, leading.userId, 'nftOutbid') }]
}

/** The leading bid's release, if there is one (the bidder's own earlier bid included). */
async function releaseLeading(tx: Tx, leading: NftBidRow | undefined): Promise<JournalInput[]> {
  if (!leading) return []
  await tx.update(nftBids).set({ status: 'outbid' }).where(eq(nftBids.id, leading.id))
  return [outbidJournal({ id: leading.id, userId: leading.userId, amount: trim(leading.amount), itemId: leading.itemId })]
}

export async function placeBid(app: FastifyInstance, user: AuthUser, body: PlaceBid, key: string, language: string | undefined): Promise<NftItem> {
  const scale = await scaleOf(app.db, NFT_CURRENCY)
  const { posted, told } = await retrying(() =>
    app.db.transaction(async (tx) => {
      await lockBook(tx, user.id, 'live')
      // The first attempt committed but its answer was lost: nothing more to do.
      if ((await tx.select({ id: nftBids.id }).from(nftBids).where(eq(nftBids.requestKey, key))).length > 0) return { posted: [], told: [] }
      const { item, leading } = await lockItem(tx, Number(body.itemId))
      if (!isOpen(app, item)) throw new AppError(409, 'nftEnded')
      const min = leading ? dec(leading.amount).plus(item.minStep).toFixed() : trim(item.reservePrice)
      const own = leading?.userId === user.id ? leading.amount : '0'
      const available = dec(await liveSpendable(app, tx, user.id)).plus(own).toFixed()
      const issue = bidIssue({ amount: body.amount, min, scale, available })
      if (issue?.code === 'tooPrecise') throw new AppError(400, 'amountTooPrecise', { amount: body.amount, currency: NFT_CURRENCY, scale })
      if (issue?.code === 'tooLow') throw new AppError(400, 'nftBidTooLow', { min: issue.min, currency: NFT_CURRENCY })
      if (issue?.code === 'insufficient') throw new AppError(409, 'nftInsufficient', { available: issue.available, currency: NFT_CURRENCY })
      const now = app.now()
      const released = await releaseLeading(tx, leading)
      const amount = dec(body.amount).toFixed()
      await tx.insert(nftBids).values({ itemId: item.id, userId: user.id, amount, status: 'leading', requestKey: key, createdAt: now })
      const endsAt = endAfterBid(item.endsAt, now, app.conf.nftExtendWindowMs, app.conf.nftExtendByMs)
      await tx.update(nftItems).set({ endsAt, updatedAt: now }).where(eq(nftItems.id, item.id))
      const posted = await post(tx, [...released, bidJournal({ userId: user.id, amount, itemId: item.id, requestKey: key })])
      return { posted, told: await tellOutbid(tx, leading, user.id) }
    }),
  )
  await Promise.all([pushAll(app, posted), pushMessages(app, told)])
  return oneItem(app, body.itemId, language)
}

export async function buyNow(app: FastifyInstance, user: AuthUser, itemId: string, key: string, language: string | undefined): Promise<NftItem> {
  const { posted, told } = await retrying(() =>
    app.db.transaction(async (tx) => {
      await lockBook(tx, user.id, 'live')
      const { item, leading } = await lockItem(tx, Number(itemId))
      // A retry of a purchase that committed (its answer lost): the item is already the caller's.
      if (item.status === 'sold' && item.endedBy === 'buy_now' && item.winnerId === user.id) return { posted: [], told: [] }
      if (!isOpen(app, item)) throw new AppError(409, 'nftEnded')
      const price = item.buyNowPrice === null ? null : trim(item.buyNowPrice)
      // Buy-now goes once the bidding reaches its price.
      if (price === null || (leading && dec(leading.amount).gte(price))) throw new AppError(409, 'nftNoBuyNow')
      const own = leading?.userId === user.id ? leading.amount : '0'
      const available = dec(await liveSpendable(app, tx, user.id)).plus(own)
      if (available.lt(price)) throw new AppError(409, 'nftInsufficient', { available: available.toFixed(), currency: NFT_CURRENCY })
      const released = await releaseLeading(tx, leading)
      await markSold(tx, item, { userId: user.id, amount: price, endedBy: 'buy_now', now: app.now() })
      const posted = await post(tx, [...released, boughtJournal({ userId: user.id, amount: price, itemId: item.id, requestKey: key }, item.charityId)])
      return { posted, told: await tellOutbid(tx, leading, user.id) }
    }),
  )
  await Promise.all([pushAll(app, posted), pushMessages(app, told)])
  return oneItem(app, itemId, language)
}
