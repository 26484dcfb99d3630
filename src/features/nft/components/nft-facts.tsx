// The figures an auction is judged by, the same in the list and on the item: current bid (or the reserve when nobody
// has bid), creator, chain and contract address (once minted), and the charity's cumulative donation.
import { Trans } from '@lingui/react/macro'
import type { NftItem } from '#contract/nfts.ts'
import { Amount } from '../../../components/ui/amount.tsx'

export function NftFacts({ item }: { item: NftItem }) {
  const charity = item.charity.name
  return (
    <dl className="nft-facts">
      {item.status === 'sold' && item.saleAmount !== null ? (
        <>
          <dt><Trans>Sold for</Trans></dt>
          <dd><Amount value={item.saleAmount} currency={item.currency} testId="nft-sale" /></dd>
        </>
      ) : item.currentBid !== null ? (
        <>
          <dt><Trans>Current bid</Trans></dt>
          <dd><Amount value={item.currentBid} currency={item.currency} testId="nft-current-bid" /></dd>
        </>
      ) : (
        <>
          <dt><Trans>Reserve price</Trans></dt>
          <dd><Amount value={item.reservePrice} currency={item.currency} testId="nft-reserve" /></dd>
        </>
      )}
      <dt><Trans>Creator</Trans></dt>
      <dd>{item.creator}</dd>
      <dt><Trans>Chain</Trans></dt>
      <dd>{item.chain}</dd>
      <dt><Trans>Contract address</Trans></dt>
      <dd className="nft-address">{item.contractAddress ?? <Trans>Not minted yet</Trans>}</dd>
      <dt><Trans>Donated to {charity}</Trans></dt>
      <dd><Amount value={item.charity.totalDonated} currency={item.charity.currency} testId="nft-charity-total" /></dd>
    </dl>
  )
}
