import { createFileRoute } from '@tanstack/react-router'
import { HomeScreen } from '../../features/home/components/home-screen.tsx'
import { HomePrices } from '../../features/markets/components/home-prices.tsx'
import { LazyBalanceSummary } from './-lazy-book-badge.tsx'
import { LazyPartners } from './-lazy-partners.tsx'
import { LazyPortfolio } from './-lazy-portfolio.tsx'

export const Route = createFileRoute('/_app/')({ component: HomeRoute })

function HomeRoute() {
  return <HomeScreen portfolio={<LazyPortfolio />} summary={<LazyBalanceSummary />} prices={<HomePrices />} partners={<LazyPartners />} />
}
