import { createFileRoute } from '@tanstack/react-router'
import { InstrumentScreen } from '../../features/markets/components/instrument-screen.tsx'

type Search = { symbol?: string }

/** Symbols are short upper-case codes (EURUSD, BTCUSDT); anything else counts as none chosen. */
function validateSearch(search: Record<string, unknown>): Search {
  const raw = search.symbol
  return typeof raw === 'string' && /^[A-Za-z0-9._-]{1,20}$/.test(raw) ? { symbol: raw.toUpperCase() } : {}
}

export const Route = createFileRoute('/_app/detail')({ validateSearch, component: DetailRoute })

function DetailRoute() {
  const { symbol } = Route.useSearch()
  return <InstrumentScreen symbol={symbol} />
}
