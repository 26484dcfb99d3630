// /nfts?charity=<id>: a charity, its cumulative donation (the sum of its ledger account's entries) and every settled
// auction or purchase with its amount and date.
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { Amount } from '../../../components/ui/amount.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { EmptyState } from '../../../components/ui/empty-state.tsx'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { SkeletonRows } from '../../../components/ui/skeleton.tsx'
import { useFormat } from '../../../lib/format.ts'
import { useSession } from '../../../lib/session.ts'
import { nftQueries } from '../api.ts'
import '../nft.css'

export function CharityScreen({ id }: { id: string }) {
  const { t } = useLingui()
  const format = useFormat()
  const lang = useSession((s) => s.language)
  const page = useQuery(nftQueries.charity(id, lang))
  return (
    <div className="nft">
      <PageHeader title={page.data?.charity.name ?? t`Charity`} back="/nfts" />
      {page.isPending ? (
        <Card><SkeletonRows rows={4} /></Card>
      ) : !page.data ? (
        <Card><ErrorState error={page.error} onRetry={() => void page.refetch()} /></Card>
      ) : (
        <>
          <Card>
            <p>{page.data.charity.description}</p>
            <dl className="nft-facts">
              <dt><Trans>Donated so far</Trans></dt>
              <dd><Amount value={page.data.charity.totalDonated} currency={page.data.charity.currency} testId="charity-total" /></dd>
            </dl>
          </Card>
          <Card title={t`Settled auctions`} titleId="charity-donations-title" flush>
            {page.data.list.length === 0 ? (
              <EmptyState title={<Trans>No auction has been settled yet</Trans>} />
            ) : (
              <ul className="nft-donations">
                {page.data.list.map((d) => (
                  <li key={`${d.itemId}-${d.time}`} data-testid="charity-donation">
                    <Link to="/nfts" search={{ item: Number(d.itemId) }} className="nft-donation-title">{d.title}</Link>
                    <Amount value={d.amount} currency={page.data.charity.currency} />
                    <time className="caption" dateTime={new Date(d.time).toISOString()}>{format.dateTime(d.time, 'date')}</time>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </>
      )}
    </div>
  )
}
