// /cruuency: the currencies of the catalogue (every base and quote currency of its forex and crypto pairs), each with
// its value in the settlement currency from the live mid prices (the same rates the margin and P/L maths convert
// with) and how many instruments trade it; a row opens the market list searched for that currency. All counts come
// from the catalogue, none are written in copy. `funding`: the route's card of the currencies and networks open for
// deposits and withdrawals (the deposit feature's), below the values.
import type { ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { ratesFromQuotes } from '#contract/trading-math.ts'
import { Card } from '../../../components/ui/card.tsx'
import { EmptyState } from '../../../components/ui/empty-state.tsx'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { IconSearch } from '../../../components/ui/icons.tsx'
import { List, ListRow } from '../../../components/ui/list-row.tsx'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { SkeletonRows } from '../../../components/ui/skeleton.tsx'
import { StaleNote } from '../../../components/ui/stale-note.tsx'
import { useFormat } from '../../../lib/format.ts'
import { useIsOnline } from '../../../lib/use-is-online.ts'
import { catalogueQueries } from '../catalogue-api.ts'
import { useMarketView } from '../use-market-view.ts'
import { SimulatedBadge } from './simulated-badge.tsx'
import '../prices.css'
import '../markets.css'

export function CurrencyScreen({ funding }: { funding?: ReactNode }) {
  const { t } = useLingui()
  const f = useFormat()
  const isOnline = useIsOnline()
  const catalogue = useQuery(catalogueQueries.list())
  const market = useMarketView()
  const instruments = catalogue.data ?? []
  const settlement = instruments[0]?.marginCurrency ?? 'USDT'
  const codes = [...new Set(instruments.filter((i) => i.class === 'forex' || i.class === 'crypto').flatMap((i) => [i.baseCurrency, i.quoteCurrency]))].sort()
  const rates = ratesFromQuotes(market.quotes)
  const updated = Math.max(0, ...market.quotes.map((q) => q.time))

  let body
  if (catalogue.isPending) body = <SkeletonRows rows={6} />
  else if (catalogue.isError && !catalogue.data) body = <ErrorState error={catalogue.error} onRetry={() => void catalogue.refetch()} />
  else if (codes.length === 0) body = <EmptyState icon={<IconSearch size={32} />} title={<Trans>No currencies yet</Trans>} />
  else
    body = (
      <List label={t`Currencies`}>
        {codes.map((code) => {
          const count = instruments.filter((i) => i.baseCurrency === code || i.quoteCurrency === code).length
          const rate = rates(code)
          const value = rate === null ? '—' : `${f.price(rate.toSignificantDigits(6).toFixed(), undefined)} ${settlement}`
          return (
            <ListRow
              key={code}
              testId="currency-row"
              label={code}
              detail={<Plural value={count} one="# instrument" other="# instruments" />}
              trailing={<span className="num">{value}</span>}
              to="/trades"
              search={{ q: code }}
            />
          )
        })}
      </List>
    )
  return (
    <div className="currencies">
      <PageHeader title={<Trans>Currencies</Trans>} back="/profile" />
      <Card
        title={<Trans>Value in {settlement}</Trans>}
        titleId="currencies-title"
        flush
        actions={market.quotes.some((q) => q.simulated) && <SimulatedBadge />}
      >
        <p className="caption currency-note">
          <Trans>Every position settles its margin, fee and profit in {settlement}. Values are mid prices, converted the way the order ticket converts them.</Trans>
        </p>
        {body}
        {!isOnline && updated > 0 && (
          <div className="price-foot">
            <StaleNote time={updated} />
          </div>
        )}
      </Card>
      {funding}
    </div>
  )
}
