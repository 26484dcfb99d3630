// The signed-in user's live money for auctions: what a bid may hold now, and what their leading bids hold. It follows
// balance_update, so being outbid shows the released amount at once.
import { Trans } from '@lingui/react/macro'
import type { MyNfts } from '#contract/nfts.ts'
import { Amount } from '../../../components/ui/amount.tsx'
import { BookLabel } from '../../../components/ui/book-badge.tsx'

export function MyFunds({ funds }: { funds: MyNfts }) {
  return (
    <div className="nft-funds" data-testid="nft-funds">
      <BookLabel book="live" testId="nft-book" />
      <dl className="nft-facts">
        <dt><Trans>Available for bids</Trans></dt>
        <dd><Amount value={funds.available} currency={funds.currency} testId="nft-available" /></dd>
        <dt><Trans>Held by your leading bids</Trans></dt>
        <dd><Amount value={funds.held} currency={funds.currency} testId="nft-held" /></dd>
      </dl>
    </div>
  )
}
