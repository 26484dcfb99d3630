// The journals of an auction, each posted in the transaction that changes the rows (nfts.service.ts, nfts.settle.ts):
// - bid: the bidder's live available -> bids, the amount, keyed by the request's derived Idempotency-Key;
// - outbid: bids -> available for the bid that stopped leading, nft-outbid:<bid id>, in the new bid's transaction;
// - won: the winner's bids -> the charity's donations account, nft-won:<item id>, once when the auction settles;
// - bought: the buyer's available -> the charity's donations account, the request's key (buy-now settles at once).
// Keys derived from rows mean a settlement run twice (two leaders, a retry) posts once. Live book only: demo money
// never reaches a charity.
import { NFT_CURRENCY } from '#contract/nfts.ts'
import type { JournalInput, Leg } from '../../ledger/post.ts'
import type { UserKind } from '../../ledger/types.ts'

const userLeg = (userId: string, kind: UserKind, amount: string): Leg => ({ account: { ownerId: userId, book: 'live', kind }, currency: NFT_CURRENCY, amount })
const neg = (v: string) => (v.startsWith('-') ? v.slice(1) : `-${v}`)

/** The charity's own ledger account: the live `donations` row whose shard is the charity's id (0043_nft_auctions.sql). */
export const charityRows = { book: 'live', kind: 'donations', currency: NFT_CURRENCY } as const
const charityLeg = (charityId: number, amount: string): Leg => ({
  account: { ownerId: null, book: charityRows.book, kind: charityRows.kind, shard: charityId },
  currency: NFT_CURRENCY,
  amount,
})

export const bidJournal = (bid: { userId: string; amount: string; itemId: number; requestKey: string }): JournalInput => ({
  kind: 'nft',
  reason: 'nft.bid',
  reference: String(bid.itemId),
  idempotencyKey: bid.requestKey,
  userId: bid.userId,
  legs: [userLeg(bid.userId, 'available', neg(bid.amount)), userLeg(bid.userId, 'bids', bid.amount)],
})

export const outbidJournal = (bid: { id: number; userId: string; amount: string; itemId: number }): JournalInput => ({
  kind: 'nft',
  reason: 'nft.outbid',
  reference: String(bid.itemId),
  idempotencyKey: `nft-outbid:${bid.id}`,
  userId: bid.userId,
  legs: [userLeg(bid.userId, 'bids', neg(bid.amount)), userLeg(bid.userId, 'available', bid.amount)],
})

export const wonJournal = (bid: { userId: string; amount: string; itemId: number }, charityId: number): JournalInput => ({
  kind: 'nft',
  reason: 'nft.won',
  reference: String(bid.itemId),
  idempotencyKey: `nft-won:${bid.itemId}`,
  userId: bid.userId,
  legs: [userLeg(bid.userId, 'bids', neg(bid.amount)), charityLeg(charityId, bid.amount)],
})

export const boughtJournal = (buy: { userId: string; amount: string; itemId: number; requestKey: string }, charityId: number): JournalInput => ({
  kind: 'nft',
  reason: 'nft.bought',
  reference: String(buy.itemId),
  idempotencyKey: buy.requestKey,
  userId: buy.userId,
  legs: [userLeg(buy.userId, 'available', neg(buy.amount)), charityLeg(charityId, buy.amount)],
})
