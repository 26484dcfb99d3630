import { Suspense, lazy } from 'react'
import { SkeletonRows } from '../../components/ui/skeleton.tsx'

// Loaded only when the proof of liabilities opens: the verifier and its screen stay out of the rest of the app.
const Panel = lazy(() => import('../../features/proof/components/proof-panel.tsx').then((m) => ({ default: m.ProofPanel })))

export function ProofSection() {
  return (
    <Suspense fallback={<SkeletonRows rows={4} />}>
      <Panel />
    </Suspense>
  )
}
