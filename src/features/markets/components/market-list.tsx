// /trades: every instrument by class, with search and (signed in) favourites. Quotes are live from the socket, the
// catalogue's own snapshot until the first tick; a closed market says so instead of a change.
import { useDeferredValue, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import { isMarketOpen } from '#contract/trading-hours.ts'
import { Card } from '../../../components/ui/card.tsx'
import { Tabs } from '../../../components/ui/tabs.tsx'
import { TextField } from '../../../components/ui/field.tsx'
import { EmptyState } from '../../../components/ui/empty-state.tsx'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { SkeletonRows } from '../../../components/ui/skeleton.tsx'
import { IconSearch } from '../../../components/ui/icons.tsx'
import { toast } from '../../../components/ui/toast.tsx'
import { useSession } from '../../../lib/session.ts'
import { catalogueQueries, useToggleFavourite } from '../catalogue-api.ts'
import { CLASSES, CLASS_LABELS, type MarketTab } from '../classes.ts'
import { instrumentName, matchesSearch } from '../instrument-names.ts'
import { useMarketView } from '../use-market-view.ts'
import { useNow } from '../use-now.ts'
import { MarketRow } from './market-row.tsx'
import { PricesFoot } from './price-list.tsx'
import { SimulatedBadge } from './simulated-badge.tsx'

export function MarketList({ initialSearch = '' }: { initialSearch?: string }) {
  const { t, i18n } = useLingui()
  const userId = useSession((s) => s.userId)
  const [tab, setTab] = useState<MarketTab>('all')
  const [search, setSearch] = useState(initialSearch)
  const term = useDeferredValue(search.trim())
  const catalogue = useQuery(catalogueQueries.list())
  const favourites = useQuery(catalogueQueries.favourites(userId))
  const toggle = useToggleFavourite()
  const market = useMarketView()
  const now = useNow()
  const favs = favourites.data ?? []
  const tabs = [
    ...(userId ? [{ id: 'favourites' as const, label: t`Favourites` }] : []),
    { id: 'all' as const, label: t({ message: 'All', context: 'instrument class' }) },
    ...CLASSES.map((c) => ({ id: c, label: i18n._(CLASS_LABELS[c]) })),
  ]
  const rows = (catalogue.data ?? []).filter(
    (i) =>
      (tab === 'all' || (tab === 'favourites' ? favs.includes(i.symbol) : i.class === tab)) &&
      matchesSearch(term, i.symbol, [instrumentName(i18n, i.symbol, i.name), i.name]),
  )
  const simulated = market.quotes.some((q) => q.simulated)
  const updated = Math.max(0, ...market.quotes.map((q) => q.time))
  const handleToggle = (symbol: string, collect: boolean) =>
    toggle.mutate({ symbol, collect }, { onError: (e) => toast(e.message, 'error') })

  let body
  if (catalogue.isPending) body = <SkeletonRows rows={6} />
  else if (catalogue.isError && !catalogue.data) body = <ErrorState error={catalogue.error} onRetry={() => void catalogue.refetch()} />
  else if (rows.length === 0)
    body = (
      <EmptyState
        icon={<IconSearch size={32} />}
        title={tab === 'favourites' && !term ? <Trans>No favourites yet</Trans> : <Trans>No instruments match</Trans>}
        body={tab === 'favourites' && !term ? <Trans>Tap the star beside an instrument to keep it here.</Trans> : undefined}
      />
    )
  else
    body = (
      <ul className="price-list market-list" data-testid="market-list" aria-labelledby="market-title">
        {rows.map((i) => (
          <MarketRow
            key={i.symbol}
            instrument={i}
            quote={market.quote(i.symbol) ?? null}
            isOpen={isMarketOpen(i.hours, now)}
            isFavourite={userId ? favs.includes(i.symbol) : undefined}
            onToggleFavourite={() => handleToggle(i.symbol, !favs.includes(i.symbol))}
          />
        ))}
      </ul>
    )

  return (
    <Card title={<Trans>Instruments</Trans>} titleId="market-title" flush actions={simulated && <SimulatedBadge />}>
      <div className="market-tools">
        <TextField
          label={<Trans>Search</Trans>}
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder={t`Symbol or name`}
          autoComplete="off"
          enterKeyHint="search"
        />
        <Tabs label={t`Instrument classes`} tabs={tabs} value={tab} onChange={setTab} />
      </div>
      {body}
      <PricesFoot updated={updated} />
    </Card>
  )
}
