import { Suspense, lazy } from 'react'

// Shown a moment after the home page's first paint, keeping the balance feature out of the first-visit bundle.
const BalanceSummary = lazy(() =>
  import('../../features/balance/components/balance-summary.tsx').then((m) => ({ default: m.BalanceSummary })),
)

export function LazyBalanceSummary() {
  return (
    <Suspense fallback={null}>
      <BalanceSummary />
    </Suspense>
  )
}
