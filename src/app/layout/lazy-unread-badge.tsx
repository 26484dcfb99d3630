import { Suspense, lazy } from 'react'
import { useSession } from '../../lib/session.ts'

// The unread count is not needed for the first paint: loading it afterwards keeps the messages feature (its
// contract schemas and mutations) out of the first-visit bundle (bench/size.ts). Signed out there is no count, and
// nothing of it loads.
const UnreadBadge = lazy(() => import('../../features/messages/components/unread-badge.tsx').then((m) => ({ default: m.UnreadBadge })))

export function LazyUnreadBadge() {
  const signedIn = useSession((s) => s.userId !== null)
  if (!signedIn) return null
  return (
    <Suspense fallback={null}>
      <UnreadBadge />
    </Suspense>
  )
}
