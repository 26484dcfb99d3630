// Charities, NFT items and their bids (0043_nft_auctions.sql). The nfts module owns these tables; amounts are numeric
// (decimal strings in TypeScript), times epoch ms from the app's clock. Money moves through the ledger only
// (nfts.money.ts): a charity's account is the live `donations` row whose shard is the charity's id.
import { sql } from 'drizzle-orm'
import { bigint, index, jsonb, numeric, pgTable, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import type { NftTexts } from '#contract/nfts.ts'
import { users } from '../auth/auth.table.ts'
import { uploads } from '../uploads/uploads.table.ts'

const decimal = (name: string) => numeric(name, { precision: 38, scale: 18 })

export const charities = pgTable('charities', {
  id: smallint('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
})

export const nftItems = pgTable(
  'nft_items',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    charityId: smallint('charity_id')
      .notNull()
      .references(() => charities.id),
    imageUploadId: uuid('image_upload_id')
      .notNull()
      .references(() => uploads.id),
    fallbackLang: text('fallback_lang').notNull(),
    /** Title and story per server language code. */
    translations: jsonb('translations').$type<NftTexts>().notNull(),
    creator: text('creator').notNull(),
    chain: text('chain').notNull(),
    contractAddress: text('contract_address'),
    tokenId: text('token_id'),
    currency: text('currency').notNull(),
    reservePrice: decimal('reserve_price').notNull(),
    buyNowPrice: decimal('buy_now_price'),
    minStep: decimal('min_step').notNull(),
    endsAt: bigint('ends_at', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['live', 'sold', 'unsold'] })
      .notNull()
      .default('live'),
    endedBy: text('ended_by', { enum: ['time', 'buy_now', 'operator'] }),
    winnerId: uuid('winner_id').references(() => users.id),
    /** The new owner's wallet address as it was when the item settled (null for a user without a wallet). */
    ownerAddress: text('owner_address'),
    saleAmount: decimal('sale_amount'),
    settledAt: bigint('settled_at', { mode: 'number' }),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('nft_items_live_ends_at_idx').on(t.endsAt).where(sql`${t.status} = 'live'`),
    index('nft_items_charity_settled_idx').on(t.charityId, t.settledAt.desc()).where(sql`${t.status} = 'sold'`),
  ],
)

export const nftBids = pgTable(
  'nft_bids',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    itemId: bigint('item_id', { mode: 'number' })
      .notNull()
      .references(() => nftItems.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    amount: decimal('amount').notNull(),
    status: text('status', { enum: ['leading', 'outbid', 'won'] }).notNull(),
    /** The bid's ledger key (the request's derived Idempotency-Key). */
    requestKey: text('request_key').notNull().unique('nft_bids_request_key_unique'),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    uniqueIndex('nft_bids_one_leading_idx').on(t.itemId).where(sql`${t.status} IN ('leading', 'won')`),
    index('nft_bids_user_id_idx').on(t.userId, t.id.desc()),
    index('nft_bids_item_id_idx').on(t.itemId, t.id.desc()),
  ],
)

export type CharityRow = typeof charities.$inferSelect
export type NftItemRow = typeof nftItems.$inferSelect
export type NftBidRow = typeof nftBids.$inferSelect
