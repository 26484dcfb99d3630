import { useMarketView } from '../../features/markets/use-market-view.ts'
import { PortfolioCard } from '../../features/trade/components/portfolio-card.tsx'

/** The trade feature's portfolio card with the markets feature's live quotes (features do not import each other). */
export function HomePortfolio() {
  const market = useMarketView()
  return <PortfolioCard market={market} />
}
