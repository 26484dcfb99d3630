// /nfts?item=<id>: the picture, the story, the figures, the time left, the bid history's size, and (signed in) the
// user's live funds for auctions with Bid and Buy now. Signed out, the buttons lead to the wallet sign-in.
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import type { MyNfts, NftItem } from '#contract/nfts.ts'
import { Amount } from '../../../components/ui/amount.tsx'
import { Button, buttonClass } from '../../../components/ui/button.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { SkeletonRows } from '../../../components/ui/skeleton.tsx'
import { useFormat } from '../../../lib/format.ts'
import { useSession } from '../../../lib/session.ts'
import { nftQueries } from '../api.ts'
import { BidSheet } from './bid-sheet.tsx'
import { BuySheet } from './buy-sheet.tsx'
import { MyFunds } from './my-funds.tsx'
import { NftFacts } from './nft-facts.tsx'
import { Remaining, useNow } from './remaining.tsx'
import '../nft.css'

export function NftDetail({ id }: { id: string }) {
  const { t } = useLingui()
  const lang = useSession((s) => s.language)
  const userId = useSession((s) => s.userId)
  const item = useQuery(nftQueries.item(id, lang))
  const funds = useQuery(nftQueries.mine(userId))
  return (
    <div className="nft">
      <PageHeader title={item.data?.title ?? t`Charity NFTs`} back="/nfts" />
      {item.isPending ? (
        <Card><SkeletonRows rows={5} /></Card>
      ) : !item.data ? (
        <Card><ErrorState error={item.error} onRetry={() => void item.refetch()} /></Card>
      ) : (
        <ItemBody item={item.data} funds={funds.data} signedIn={userId !== null} />
      )}
    </div>
  )
}

function ItemBody({ item, funds, signedIn }: { item: NftItem; funds: MyNfts | undefined; signedIn: boolean }) {
  const format = useFormat()
  const [sheet, setSheet] = useState<'bid' | 'buy' | null>(null)
  const now = useNow()
  const isOpen = item.status === 'live' && now < item.endsAt
  const canBuy = isOpen && item.buyNowPrice !== null && (item.currentBid === null || Number(item.currentBid) < Number(item.buyNowPrice))
  const charity = item.charity.name
  const endTime = format.dateTime(item.endsAt)
  const leading = funds?.bids.find((b) => b.itemId === item.id && b.status !== 'outbid')
  return (
    <div className="nft-detail" data-testid="nft-detail">
      <img className="nft-image" src={item.image} alt={item.title} />
      <Card>
        <div className="nft-status">
          <Remaining endsAt={item.endsAt} status={item.status} testId="nft-status" />
          <span className="caption">
            <Trans>Ends {endTime}</Trans>
          </span>
        </div>
        <NftFacts item={item} />
        <dl className="nft-facts">
          <dt><Trans>Bids</Trans></dt>
          <dd data-testid="nft-bid-count">{item.bidCount}</dd>
          {item.buyNowPrice !== null && (
            <>
              <dt><Trans>Buy-now price</Trans></dt>
              <dd><Amount value={item.buyNowPrice} currency={item.currency} /></dd>
            </>
          )}
          {item.ownerAddress && (
            <>
              <dt><Trans>Owner</Trans></dt>
              <dd className="nft-address" data-testid="nft-owner">{item.ownerAddress}</dd>
            </>
          )}
        </dl>
        {leading && (
          <p className="nft-mine" data-testid="nft-my-bid">
            {leading.status === 'won' ? <Trans>You won this auction.</Trans> : <Trans>You lead this auction.</Trans>}
          </p>
        )}
        {isOpen && !signedIn && (
          <Link to="/empty" className={buttonClass('primary', 'md', true)}>
            <Trans>Connect a wallet to bid</Trans>
          </Link>
        )}
        {isOpen && signedIn && funds && (
          <>
            <MyFunds funds={funds} />
            <div className="nft-actions">
              <Button onClick={() => setSheet('bid')} data-testid="nft-bid">
                <Trans>Bid</Trans>
              </Button>
              {canBuy && (
                <Button variant="secondary" onClick={() => setSheet('buy')} data-testid="nft-buy">
                  <Trans>Buy now</Trans>
                </Button>
              )}
            </div>
            <BidSheet item={item} funds={funds} open={sheet === 'bid'} onClose={() => setSheet(null)} />
            {canBuy && <BuySheet item={{ ...item, buyNowPrice: item.buyNowPrice! }} funds={funds} open={sheet === 'buy'} onClose={() => setSheet(null)} />}
          </>
        )}
      </Card>
      <Card title={item.title} titleId="nft-story-title">
        <p className="nft-story">{item.story}</p>
        <Link to="/nfts" search={{ charity: Number(item.charity.id) }} className="nft-charity-link" data-testid="nft-charity-link">
          <Trans>About {charity} and its donations</Trans>
        </Link>
      </Card>
    </div>
  )
}
