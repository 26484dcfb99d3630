import { createFileRoute } from '@tanstack/react-router'
import { ArticleScreen } from '../../features/news/components/article-screen.tsx'
import { InstrumentScreen } from '../../features/markets/components/instrument-screen.tsx'
import { useMarketView } from '../../features/markets/use-market-view.ts'
import { OrdersPanel } from '../../features/trade/components/orders-panel.tsx'
import { TradePanel } from '../../features/trade/components/trade-panel.tsx'
import { useTradeLines } from '../../features/trade/use-trade-lines.ts'
import { useIsDesktop } from '../../lib/use-is-desktop.ts'
import { useSession } from '../../lib/session.ts'

type Search = { symbol?: string; id?: string }

/**
 * /detail shows a news article (?id=, its decimal id) or an instrument (?symbol=). Symbols are short upper-case
 * codes (EURUSD, BTCUSDT); anything else counts as none chosen.
 */
function validateSearch(search: Record<string, unknown>): Search {
  const id = typeof search.id === 'number' ? String(search.id) : search.id
  if (typeof id === 'string' && /^\d{1,19}$/.test(id)) return { id }
  const raw = search.symbol
  return typeof raw === 'string' && /^[A-Za-z0-9._-]{1,20}$/.test(raw) ? { symbol: raw.toUpperCase() } : {}
}

export const Route = createFileRoute('/_app/detail')({ validateSearch, component: DetailRoute })

function DetailRoute() {
  const { id } = Route.useSearch()
  return id ? <ArticleScreen id={id} /> : <InstrumentRoute />
}

/**
 * The markets feature's instrument screen with the trade feature's ticket, this symbol's orders and their chart lines
 * composed in. On desktop the account's figures sit in the ticket column (TradePanel), so the orders leave them out.
 */
function InstrumentRoute() {
  const { symbol } = Route.useSearch()
  const market = useMarketView()
  const token = useSession((s) => s.token)
  const isDesktop = useIsDesktop()
  const lines = useTradeLines(symbol ?? '', market)
  return (
    <InstrumentScreen
      symbol={symbol}
      lines={lines}
      trade={(inst, isOpen) => ({
        ticket: <TradePanel inst={inst} market={market} isOpen={isOpen} />,
        orders: token ? <OrdersPanel market={market} symbol={inst.symbol} withAccount={!isDesktop} /> : undefined,
      })}
    />
  )
}
