import { Suspense, lazy } from 'react'
import { SkeletonRows } from '../../components/ui/skeleton.tsx'

// Home's portfolio (signed in only), a moment after the first paint: the trade feature stays out of the first-visit
// bundle (bench/size.ts), as the balance line does (-lazy-book-badge.tsx).
const Portfolio = lazy(() => import('./-home-portfolio.tsx').then((m) => ({ default: m.HomePortfolio })))

export function LazyPortfolio() {
  return (
    <Suspense fallback={<SkeletonRows rows={3} />}>
      <Portfolio />
    </Suspense>
  )
}
