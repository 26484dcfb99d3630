import { Suspense, lazy } from 'react'
import { Outlet, createRootRouteWithContext } from '@tanstack/react-router'
import type { QueryClient } from '@tanstack/react-query'
import { rememberInviteCode } from '../lib/invite-cookie.ts'
import { WalletGate } from '../wallet/wallet-gate.tsx'
import { Realtime } from '../app/realtime.tsx'
import { OfflineBanner } from '../app/offline-banner.tsx'
import { UpdatePrompt } from '../app/update-prompt.tsx'
import { IntroBoard } from '../features/intro/components/intro-board.tsx'
import { ErrorFallback } from '../app/error-fallback.tsx'

// The notice popup brings DOMPurify; it loads after the first paint, keeping the sanitiser off the first visit.
const NoticePopup = lazy(() => import('../features/notice/components/notice-popup.tsx').then((m) => ({ default: m.NoticePopup })))

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  beforeLoad: ({ location }) => rememberInviteCode(location.searchStr),
  component: Root,
  errorComponent: ErrorFallback,
})

function Root() {
  return (
    <>
      <OfflineBanner />
      <UpdatePrompt />
      <WalletGate />
      <Realtime />
      <Outlet />
      <Suspense fallback={null}>
        <NoticePopup />
      </Suspense>
      <IntroBoard />
    </>
  )
}
