import { Suspense, lazy } from 'react'
import { SkeletonRows } from '../../components/ui/skeleton.tsx'

// Loaded only when the Orders section opens: the rest of the account area does not carry the trading code.
const Section = lazy(() => import('./-orders-section-body.tsx').then((m) => ({ default: m.OrdersSectionBody })))

/** The account area's Orders section: the trade feature's orders, live with the markets feature's quotes. */
export function OrdersSection() {
  return (
    <Suspense fallback={<SkeletonRows rows={3} />}>
      <Section />
    </Suspense>
  )
}
