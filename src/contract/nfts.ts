// Charity NFT auctions, the users' side (docs/nfts.md): items with their current bid and end, the charity each one
// pays, bids and buy-now (both `money`: they move the caller's live funds), and each charity's donations, which are
// the sum of its ledger account's entries. The console's side is src/contract/ops-nfts.ts.
import * as z from 'zod/mini'
import { Decimal, Int8Id, Millis, Page, pageOf, PositiveDecimal, type Endpoint } from './endpoint.ts'
import { LanguageCode } from './locales.ts'

/** Every auction is in this currency, from the live book: auctions are real money. */
export const NFT_CURRENCY = 'USDT'

const Text = (min: number, max: number) => z.string().check(z.trim(), z.minLength(min), z.maxLength(max))

export const NftText = z.object({ title: Text(1, 120), story: Text(1, 5000) })
export type NftText = z.infer<typeof NftText>
export const NftTexts = z.partialRecord(LanguageCode, NftText)
export type NftTexts = z.infer<typeof NftTexts>

/** `ended`: past its end time, waiting for the settlement (seconds); `sold` and `unsold` are settled. */
export const NftStatus = z.enum(['live', 'ended', 'sold', 'unsold'])
export type NftStatus = z.infer<typeof NftStatus>

export const NftCharity = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  currency: z.string(),
  /** The sum of the entries of the charity's ledger account: every settled auction and purchase, never a typed number. */
  totalDonated: Decimal,
})
export type NftCharity = z.infer<typeof NftCharity>

export const NftItem = z.object({
  id: z.string(),
  title: z.string(),
  story: z.string(),
  /** The language the title and story are in (the reader's, else the item's fallback). */
  lang: LanguageCode,
  /** The picture (GET /api/render/<id>/image). */
  image: z.string(),
  creator: z.string(),
  chain: z.string(),
  /** Set once minted. */
  contractAddress: z.nullable(z.string()),
  tokenId: z.nullable(z.string()),
  currency: z.string(),
  reservePrice: Decimal,
  buyNowPrice: z.nullable(Decimal),
  minStep: Decimal,
  currentBid: z.nullable(Decimal),
  /** The smallest bid accepted now: the reserve price, or the current bid plus the step. */
  minNextBid: Decimal,
  bidCount: z.int(),
  endsAt: Millis,
  status: NftStatus,
  charity: NftCharity,
  /** The new owner's wallet once sold. */
  ownerAddress: z.nullable(z.string()),
  saleAmount: z.nullable(Decimal),
  settledAt: z.nullable(Millis),
})
export type NftItem = z.infer<typeof NftItem>

export const NftDonation = z.object({ itemId: z.string(), title: z.string(), amount: Decimal, time: Millis })
export type NftDonation = z.infer<typeof NftDonation>

export const CharityPage = z.object({ charity: NftCharity, list: z.array(NftDonation), total: z.int(), page: z.int(), size: z.int() })
export type CharityPage = z.infer<typeof CharityPage>

export const MyNftBid = z.object({ itemId: z.string(), amount: Decimal, status: z.enum(['leading', 'outbid', 'won']), createdAt: Millis })
export type MyNftBid = z.infer<typeof MyNftBid>

/** The caller's live funds for auctions: what a bid may lock now, and what their leading bids hold. */
export const MyNfts = z.object({ currency: z.string(), available: Decimal, held: Decimal, bids: z.array(MyNftBid) })
export type MyNfts = z.infer<typeof MyNfts>

export const PlaceBid = z.object({ itemId: Int8Id, amount: PositiveDecimal })
export type PlaceBid = z.infer<typeof PlaceBid>

export const ItemQuery = z.object({ id: Int8Id })

export const nftApi = {
  list: { method: 'GET', path: '/nft/list', query: z.extend(Page, { status: z._default(z.enum(['open', 'all']), 'all') }), data: pageOf(NftItem), auth: false },
  item: { method: 'GET', path: '/nft/item', query: ItemQuery, data: NftItem, auth: false },
  charities: { method: 'GET', path: '/nft/charities', data: z.array(NftCharity), auth: false },
  charity: { method: 'GET', path: '/nft/charity', query: z.extend(Page, { id: z.string().check(z.regex(/^\d{1,5}$/)) }), data: CharityPage, auth: false },
  mine: { method: 'GET', path: '/nft/mine', data: MyNfts, auth: true },
  bid: { method: 'POST', path: '/nft/bid', body: PlaceBid, data: NftItem, auth: true, money: true },
  buyNow: { method: 'POST', path: '/nft/buyNow', body: ItemQuery, data: NftItem, auth: true, money: true },
} as const satisfies Record<string, Endpoint>

/** GET <RENDER_PREFIX><id>: the item's ERC-721 metadata JSON (bare, not the envelope, so a token URI can point at
 * it); GET <RENDER_PREFIX><id>/image: its picture. */
export const RENDER_PREFIX = '/api/render/'

/** ERC-721's metadata JSON schema (EIP-721, "ERC721 Metadata JSON Schema"), with OpenSea's attributes. */
export const NftMetadata = z.object({
  name: z.string(),
  description: z.string(),
  image: z.string(),
  external_url: z.string(),
  attributes: z.array(z.object({ trait_type: z.string(), value: z.union([z.string(), z.number()]) })),
})
export type NftMetadata = z.infer<typeof NftMetadata>
