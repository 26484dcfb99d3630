// /nfts: charity auctions, open ones first (soonest to end), then settled ones; each card shows the picture, the
// current bid, the time left and the charity's cumulative donation, and leads to the item (/nfts?item=).
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { Card } from '../../../components/ui/card.tsx'
import { EmptyState } from '../../../components/ui/empty-state.tsx'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { SkeletonRows } from '../../../components/ui/skeleton.tsx'
import { StaleNote } from '../../../components/ui/stale-note.tsx'
import { useIsOnline } from '../../../lib/use-is-online.ts'
import { useSession } from '../../../lib/session.ts'
import { nftQueries } from '../api.ts'
import { NftFacts } from './nft-facts.tsx'
import { Remaining } from './remaining.tsx'
import '../nft.css'

export function NftList() {
  const { t } = useLingui()
  const lang = useSession((s) => s.language)
  const isOnline = useIsOnline()
  const list = useQuery(nftQueries.list(lang))
  return (
    <div className="nft">
      <PageHeader title={t`Charity NFTs`} back="/" />
      <p className="nft-intro">
        <Trans>Bid on or buy NFTs whose proceeds go to a charity. Bids hold money from your live account until you are outbid; the winning bid goes to the charity.</Trans>
      </p>
      {list.isPending ? (
        <Card><SkeletonRows rows={4} /></Card>
      ) : !list.data ? (
        <Card><ErrorState error={list.error} onRetry={() => void list.refetch()} /></Card>
      ) : list.data.list.length === 0 ? (
        <Card><EmptyState title={<Trans>No auctions yet</Trans>} /></Card>
      ) : (
        <>
          {(!isOnline || list.error) && <StaleNote time={list.dataUpdatedAt} />}
          <ul className="nft-grid" aria-label={t`Auctions`}>
            {list.data.list.map((item) => (
              <li key={item.id} className="nft-card" data-testid="nft-card">
                <Link to="/nfts" search={{ item: Number(item.id) }} className="nft-card-link">
                  <img className="nft-image" src={item.image} alt="" loading="lazy" decoding="async" />
                  <span className="nft-card-title">{item.title}</span>
                </Link>
                <Remaining endsAt={item.endsAt} status={item.status} />
                <NftFacts item={item} />
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  )
}
