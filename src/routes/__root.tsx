import { useState } from 'react'
import { Outlet, createRootRouteWithContext } from '@tanstack/react-router'
import type { QueryClient } from '@tanstack/react-query'
import { rememberInviteCode } from '../lib/invite-cookie.ts'
import { loadScreenMessages } from '../lib/i18n.ts'
import { WalletGate } from '../wallet/wallet-gate.tsx'
import { Realtime } from '../app/realtime.tsx'
import { OfflineBanner } from '../app/offline-banner.tsx'
import { UpdatePrompt } from '../app/update-prompt.tsx'
import { IntroBoard, isIntroDue } from '../features/intro/components/intro-board.tsx'
import { ErrorFallback } from '../app/error-fallback.tsx'
// Only asks whether there is a notice; its dialog and the sanitiser (DOMPurify) load once there is one.
import { NoticePopup } from '../features/notice/components/notice-popup.tsx'

/** The home page (a first visit's screen) shows only the first catalog's messages; lingui.config.ts. */
const FIRST_SCREEN_PATH = /^\/(home\/?)?$/

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  beforeLoad: async ({ location }) => {
    void rememberInviteCode(location.searchStr)
    // Any other screen waits for the later screens' catalog: it never shows English or message ids meanwhile.
    if (!FIRST_SCREEN_PATH.test(location.pathname)) await loadScreenMessages()
  },
  component: Root,
  errorComponent: ErrorFallback,
})

function Root() {
  const [isIntroOpen, setIsIntroOpen] = useState(isIntroDue)
  return (
    <>
      <OfflineBanner />
      <UpdatePrompt />
      <WalletGate />
      <Realtime />
      <Outlet />
      {/* One modal at a time: the notice waits for the intro board (stacked, one Escape closed both). */}
      <NoticePopup isHeld={isIntroOpen} />
      {isIntroOpen && <IntroBoard onClose={() => setIsIntroOpen(false)} />}
    </>
  )
}
