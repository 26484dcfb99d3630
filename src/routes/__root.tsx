import { Outlet, createRootRouteWithContext } from '@tanstack/react-router'
import type { QueryClient } from '@tanstack/react-query'
import { rememberInviteCode } from '../lib/invite-cookie.ts'
import { WalletGate } from '../wallet/wallet-gate.tsx'
import { Realtime } from '../app/realtime.tsx'
import { OfflineBanner } from '../app/offline-banner.tsx'
import { UpdatePrompt } from '../app/update-prompt.tsx'
import { IntroBoard } from '../features/intro/components/intro-board.tsx'
import { ErrorFallback } from '../app/error-fallback.tsx'
// Only asks whether there is a notice; its dialog and the sanitiser (DOMPurify) load once there is one.
import { NoticePopup } from '../features/notice/components/notice-popup.tsx'

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  beforeLoad: ({ location }) => void rememberInviteCode(location.searchStr),
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
      <NoticePopup />
      <IntroBoard />
    </>
  )
}
