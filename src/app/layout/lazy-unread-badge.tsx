import { Suspense, lazy } from 'react'

// The unread count is not needed for the first paint: loading it afterwards keeps the messages feature (its
// contract schemas and mutations) out of the first-visit bundle (bench/size.ts).
const UnreadBadge = lazy(() => import('../../features/messages/components/unread-badge.tsx').then((m) => ({ default: m.UnreadBadge })))

export function LazyUnreadBadge() {
  return (
    <Suspense fallback={null}>
      <UnreadBadge />
    </Suspense>
  )
}
