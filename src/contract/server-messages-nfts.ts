// Server messages of the nfts module (server/modules/nfts); spread into serverMessages (server-messages.ts). Each entry
// is marked /*i18n*/ with an explicit id for Lingui's extractor. Imports nothing.
export const nftsMessages = {
  nftNotFound: /*i18n*/ { id: 'server.nfts.notFound', message: 'This NFT does not exist' },
  charityNotFound: /*i18n*/ { id: 'server.nfts.charityNotFound', message: 'This charity does not exist' },
  nftEnded: /*i18n*/ { id: 'server.nfts.ended', message: 'This auction has ended' },
  nftBidTooLow: /*i18n*/ { id: 'server.nfts.bidTooLow', message: 'Bid at least {min} {currency}' },
  nftInsufficient: /*i18n*/ {
    id: 'server.nfts.insufficient',
    message: 'Not enough in your live account: {available} {currency} can be held for a bid now',
  },
  nftNoBuyNow: /*i18n*/ { id: 'server.nfts.noBuyNow', message: 'This NFT cannot be bought now: bid instead' },
  nftImageMissing: /*i18n*/ { id: 'server.nfts.imageMissing', message: 'The picture was not found; upload it again' },
  nftEndsInPast: /*i18n*/ { id: 'server.nfts.endsInPast', message: 'The end time must be in the future' },
  nftHasBids: /*i18n*/ {
    id: 'server.nfts.hasBids',
    message: 'Bids were placed on this NFT: only its chain, contract address and token id can change',
  },
  nftBuyNowBelowReserve: /*i18n*/ { id: 'server.nfts.buyNowBelowReserve', message: 'The buy-now price cannot be below the reserve price' },
  nftAlreadyClosed: /*i18n*/ { id: 'server.nfts.alreadyClosed', message: 'This auction is already settled' },
  // Messages to the user (server/modules/messages MESSAGE_TEMPLATES).
  messageNftOutbidTitle: /*i18n*/ { id: 'server.messages.nftOutbid.title', message: 'You were outbid' },
  messageNftOutbidBody: /*i18n*/ {
    id: 'server.messages.nftOutbid.body',
    message: 'Someone bid more on an NFT you led. The amount your bid held is available again; you can bid again until the auction ends.',
  },
  messageNftWonTitle: /*i18n*/ { id: 'server.messages.nftWon.title', message: 'You won an NFT auction' },
  messageNftWonBody: /*i18n*/ {
    id: 'server.messages.nftWon.body',
    message: 'Your winning bid was paid to the charity and the NFT is yours. Thank you for your donation.',
  },
  // Reasons shown in the transaction record.
  reasonNftBid: /*i18n*/ { id: 'server.ledger.reason.nft.bid', message: 'NFT bid: amount held' },
  reasonNftOutbid: /*i18n*/ { id: 'server.ledger.reason.nft.outbid', message: 'NFT bid outbid: amount released' },
  reasonNftWon: /*i18n*/ { id: 'server.ledger.reason.nft.won', message: 'NFT auction won: paid to the charity' },
  reasonNftBought: /*i18n*/ { id: 'server.ledger.reason.nft.bought', message: 'NFT bought: paid to the charity' },
} as const
