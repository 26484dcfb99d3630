import { Suspense, lazy } from 'react'
import { SkeletonRows } from '../../components/ui/skeleton.tsx'

// Loaded only when the Withdraw section opens: the address checks (viem's EIP-55) stay out of the rest of the app.
const Panel = lazy(() => import('../../features/withdraw/components/withdraw-panel.tsx').then((m) => ({ default: m.WithdrawPanel })))

export function WithdrawSection() {
  return (
    <Suspense fallback={<SkeletonRows rows={4} />}>
      <Panel />
    </Suspense>
  )
}
