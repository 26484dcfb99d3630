// Home's prices: the catalogue's featured instruments (getIndexDataV2), with the way to every market. Until the
// featured list is known the rows wait as skeletons, so they do not appear as the whole book and then shrink; when it
// cannot be had (offline, the server away) every kept price shows, as before.
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { buttonClass } from '../../../components/ui/button.tsx'
import { marketQueries } from '../api.ts'
import { PriceList } from './price-list.tsx'

const NONE: readonly string[] = []

export function HomePrices() {
  const index = useQuery(marketQueries.index())
  // Offline the query pauses (networkMode offlineFirst) instead of failing: that too shows what was kept.
  const symbols = index.data?.featured ?? (index.isError || index.fetchStatus === 'paused' ? undefined : NONE)
  return (
    <PriceList
      symbols={symbols}
      footer={
        <div className="price-more">
          <Link to="/trades" className={buttonClass('ghost', 'md', true)} data-testid="all-markets">
            <Trans>All markets</Trans>
          </Link>
        </div>
      }
    />
  )
}
