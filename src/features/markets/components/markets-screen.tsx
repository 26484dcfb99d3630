import { useState, type ReactNode } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { Segmented } from '../../../components/ui/segmented.tsx'
import { useIsDesktop } from '../../../lib/use-is-desktop.ts'
import { MarketList } from './market-list.tsx'
import '../prices.css'
import '../markets.css'

/**
 * The Market tab. `orders` (the trade feature's positions, composed by the route; absent when signed out) sits
 * beside the list on desktop and behind a switch on phones, where 60 instruments would push it out of reach.
 */
export function MarketsScreen({ orders, search }: { orders?: ReactNode; search?: string }) {
  const { t } = useLingui()
  const isDesktop = useIsDesktop()
  const [view, setView] = useState<'prices' | 'orders'>('prices')
  if (isDesktop)
    return (
      <div className="markets">
        <PageHeader title={<Trans>Markets</Trans>} />
        <div className={orders ? 'markets-columns' : undefined}>
          <MarketList initialSearch={search} />
          {orders && <div className="markets-side">{orders}</div>}
        </div>
      </div>
    )
  return (
    <div className="markets">
      <PageHeader title={<Trans>Markets</Trans>} />
      {orders && (
        <div className="markets-switch">
          <Segmented
            label={t`Show`}
            value={view}
            onChange={setView}
            options={[
              { value: 'prices', label: <Trans>Prices</Trans> },
              { value: 'orders', label: <Trans>Orders</Trans> },
            ]}
          />
        </div>
      )}
      {view === 'orders' && orders ? orders : <MarketList initialSearch={search} />}
    </div>
  )
}
