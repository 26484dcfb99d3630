import { Suspense, lazy } from 'react'
import { SkeletonRows } from '../../components/ui/skeleton.tsx'
import { loadScreenMessages } from '../../lib/i18n.ts'

// Home's portfolio (signed in only), a moment after the first paint: the trade feature stays out of the first-visit
// bundle (bench/size.ts), as the balance line does (-lazy-book-badge.tsx). Its words are in the later screens'
// catalog (lingui.config.ts), which home does not wait for: the card waits for it, never showing message ids.
const Portfolio = lazy(() =>
  Promise.all([import('./-home-portfolio.tsx'), loadScreenMessages()]).then(([m]) => ({ default: m.HomePortfolio })),
)

export function LazyPortfolio() {
  return (
    <Suspense fallback={<SkeletonRows rows={3} />}>
      <Portfolio />
    </Suspense>
  )
}
