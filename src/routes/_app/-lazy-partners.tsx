import { Suspense, lazy } from 'react'
import { loadScreenMessages } from '../../lib/i18n.ts'

// Home's partners, a moment after the first paint, in a chunk of their own (bench/size.ts); their words are in the
// later screens' catalog, which the list waits for.
const PartnerList = lazy(() =>
  Promise.all([import('../../features/partners/components/partner-list.tsx'), loadScreenMessages()]).then(([m]) => ({ default: m.PartnerList })),
)

export function LazyPartners() {
  return (
    <Suspense fallback={null}>
      <PartnerList />
    </Suspense>
  )
}
