import { createFileRoute } from '@tanstack/react-router'
import { HomeScreen } from '../../features/home/components/home-screen.tsx'
import { PriceList } from '../../features/markets/components/price-list.tsx'
import { LazyBalanceSummary } from './-lazy-book-badge.tsx'

export const Route = createFileRoute('/_app/')({ component: HomeRoute })

function HomeRoute() {
  return <HomeScreen summary={<LazyBalanceSummary />} prices={<PriceList />} />
}
