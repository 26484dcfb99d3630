import { createFileRoute } from '@tanstack/react-router'
import { MarketsScreen } from '../../features/markets/components/markets-screen.tsx'
import { useMarketView } from '../../features/markets/use-market-view.ts'
import { OrdersPanel } from '../../features/trade/components/orders-panel.tsx'
import { useSession } from '../../lib/session.ts'

type Search = { q?: string }

/** ?q= opens the list searched (the currency list links here); a short plain term only. */
function validateSearch(search: Record<string, unknown>): Search {
  // A term of digits only is read back from the address as a number (src/app/search-params.ts).
  const raw = typeof search.q === 'number' ? String(search.q) : search.q
  return typeof raw === 'string' && /^[A-Za-z0-9 ./-]{1,20}$/.test(raw) ? { q: raw } : {}
}

export const Route = createFileRoute('/_app/trades')({ validateSearch, component: TradesRoute })

/** The market list, with the signed-in user's positions and orders beside it (the trade feature, given the quotes). */
function TradesRoute() {
  const token = useSession((s) => s.token)
  const { q } = Route.useSearch()
  const market = useMarketView()
  return <MarketsScreen search={q} orders={token ? <OrdersPanel market={market} /> : undefined} />
}
