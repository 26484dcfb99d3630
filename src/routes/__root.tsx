import { Suspense, lazy } from 'react'
import { Outlet, createRootRouteWithContext, redirect } from '@tanstack/react-router'
import type { QueryClient } from '@tanstack/react-query'
import { rememberInviteCode } from '../lib/invite-cookie.ts'
import { exchangeLoginCode } from '../lib/session-lifecycle.ts'
import { ui } from '../state/ui.ts'
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
  // A link that signs a user in (e-mail, OAuth) carries a one-time code, never a token. The code leaves the address
  // bar and the history entry before it is spent, whatever the answer; then home, or the sign-in screen with the
  // server's message.
  beforeLoad: async ({ location }) => {
    rememberInviteCode(location.searchStr)
    const search = new URLSearchParams(location.searchStr)
    const code = search.get('code')
    if (code === null) return
    search.delete('code')
    const rest = search.size ? `?${search}` : ''
    window.history.replaceState(window.history.state, '', `${location.pathname}${rest}${location.hash ? `#${location.hash}` : ''}`)
    const problem = await exchangeLoginCode(code)
    ui.signInProblem = problem
    if (problem === null) throw redirect({ to: '/home', replace: true })
    throw redirect({ to: '/pass/$type', params: { type: 'login' }, replace: true })
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
