import { Suspense, lazy } from 'react'
import { SkeletonRows } from '../../components/ui/skeleton.tsx'

// Loaded only when the Deposit section opens (and the QR code's package only when an address shows).
const Panel = lazy(() => import('../../features/deposit/components/deposit-panel.tsx').then((m) => ({ default: m.DepositPanel })))

export function DepositSection() {
  return (
    <Suspense fallback={<SkeletonRows rows={4} />}>
      <Panel />
    </Suspense>
  )
}
