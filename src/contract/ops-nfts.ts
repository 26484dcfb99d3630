// The console's NFT auctions (docs/nfts.md): charities (name, description; their totals come from the ledger), items
// (picture from the upload store, title and story per language, creator, chain and contract when minted, prices, end,
// charity) and closing an item early. Every change is audited. Users' side: src/contract/nfts.ts.
import * as z from 'zod/mini'
import { Int8Id, Millis, Page, pageOf, PositiveDecimal } from './endpoint.ts'
import { LanguageCode } from './locales.ts'
import { NftCharity, NftItem, NftTexts } from './nfts.ts'
import { UploadId } from './uploads.ts'
import type { OperatorRole, OpsEndpoint } from './ops.ts'

/** Operators who list and close auctions: the ones who upload content pictures (POST /api/ops/contentImage). */
export const AUCTION_OPERATORS: readonly OperatorRole[] = ['support']

const Text = (min: number, max: number) => z.string().check(z.trim(), z.minLength(min), z.maxLength(max))
const CharityId = z.string().check(z.regex(/^\d{1,5}$/))

export const CharityDraft = z.object({ id: z.optional(CharityId), name: Text(1, 100), description: Text(1, 2000) })
export type CharityDraft = z.infer<typeof CharityDraft>

export const OpsCharity = z.extend(NftCharity, { settledCount: z.int() })
export type OpsCharity = z.infer<typeof OpsCharity>

export const NftDraft = z
  .object({
    /** Absent: a new item. */
    id: z.optional(Int8Id),
    charityId: CharityId,
    /** A content picture's id (POST /api/ops/contentImage). */
    image: UploadId,
    fallbackLang: LanguageCode,
    translations: NftTexts,
    creator: Text(1, 100),
    chain: Text(1, 40),
    contractAddress: z.optional(z.nullable(Text(1, 100))),
    tokenId: z.optional(z.nullable(Text(1, 80))),
    reservePrice: PositiveDecimal,
    buyNowPrice: z.optional(z.nullable(PositiveDecimal)),
    minStep: PositiveDecimal,
    endsAt: Millis,
  })
  .check(z.refine((v) => v.translations[v.fallbackLang] !== undefined, { message: 'fallbackMissing', path: ['translations'] }))
export type NftDraft = z.infer<typeof NftDraft>

export const OpsNftItem = z.extend(NftItem, {
  fallbackLang: LanguageCode,
  translations: NftTexts,
  imageId: z.string(),
  /** The leading bidder's wallet (or e-mail), for the operator. */
  leader: z.nullable(z.string()),
})
export type OpsNftItem = z.infer<typeof OpsNftItem>

export const opsNftsApi = {
  charities: { method: 'GET', path: '/ops/nft/charities', data: z.array(OpsCharity), auth: false, roles: AUCTION_OPERATORS },
  saveCharity: { method: 'POST', path: '/ops/nft/saveCharity', body: CharityDraft, data: OpsCharity, auth: false, roles: AUCTION_OPERATORS },
  items: { method: 'GET', path: '/ops/nft/items', query: Page, data: pageOf(OpsNftItem), auth: false, roles: AUCTION_OPERATORS },
  saveItem: { method: 'POST', path: '/ops/nft/saveItem', body: NftDraft, data: OpsNftItem, auth: false, roles: AUCTION_OPERATORS },
  close: { method: 'POST', path: '/ops/nft/close', body: z.object({ id: Int8Id }), data: OpsNftItem, auth: false, roles: AUCTION_OPERATORS },
} as const satisfies Record<string, OpsEndpoint>
