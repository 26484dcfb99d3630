import { Suspense, lazy } from 'react'
import { Outlet, createRootRouteWithContext, redirect } from '@tanstack/react-router'
import type { QueryClient } from '@tanstack/react-query'
import { updateSession } from '../lib/session.ts'
import { rememberInviteCode } from '../lib/invite-cookie.ts'
import { ChainGuard } from '../wallet/chain-guard.tsx'
import { SignPopup } from '../wallet/components/sign-popup.tsx'
import { Realtime } from '../app/realtime.tsx'
import { OfflineBanner } from '../app/offline-banner.tsx'
import { UpdatePrompt } from '../app/update-prompt.tsx'
import { IntroBoard } from '../features/intro/components/intro-board.tsx'
import { ErrorFallback } from '../app/error-fallback.tsx'

// The notice popup brings DOMPurify; it loads after the first paint, keeping the sanitiser off the first visit.
const NoticePopup = lazy(() => import('../features/notice/components/notice-popup.tsx').then((m) => ({ default: m.NoticePopup })))

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  // A token arriving in the URL (a link from e-mail sign-in) signs the user in and goes home.
  beforeLoad: ({ location }) => {
    rememberInviteCode(location.searchStr)
    const token = new URLSearchParams(location.searchStr).get('token')
    if (token && /^[A-Za-z0-9_-]{16,200}$/.test(token)) {
      updateSession({ token, isLoggedIn: true })
      throw redirect({ to: '/home', replace: true })
    }
  },
  component: Root,
  errorComponent: ErrorFallback,
})

function Root() {
  return (
    <>
      <OfflineBanner />
      <UpdatePrompt />
      <ChainGuard />
      <Realtime />
      <Outlet />
      <SignPopup />
      <Suspense fallback={null}>
        <NoticePopup />
      </Suspense>
      <IntroBoard />
    </>
  )
}
