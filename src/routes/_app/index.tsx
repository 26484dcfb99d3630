import { createFileRoute } from '@tanstack/react-router'
import { HomeScreen } from '../../features/home/components/home-screen.tsx'
import { LivePrices } from '../../features/markets/components/live-prices.tsx'
import { LazyBookBadge } from './-lazy-book-badge.tsx'

export const Route = createFileRoute('/_app/')({ component: HomeRoute })

function HomeRoute() {
  return <HomeScreen bookBadge={<LazyBookBadge />} prices={<LivePrices />} />
}
