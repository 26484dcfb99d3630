import { Suspense, lazy } from 'react'
import { Outlet, createFileRoute } from '@tanstack/react-router'
import { useIsDesktop } from '../lib/use-is-desktop.ts'
import { BottomTabs } from '../app/layout/bottom-tabs.tsx'
import { NotFound } from '../app/layout/not-found.tsx'
import { Toaster } from '../components/ui/toast.tsx'
import { LazyInstallOffer } from '../features/install/components/lazy-install-offer.tsx'
import { LazyTradeToasts } from './_app/-lazy-trade-toasts.tsx'
import { LazyLegalGate } from './_app/-lazy-legal-gate.tsx'
import { useSession } from '../lib/session.ts'

// Desktop only: a phone's first visit does not fetch them (bench/size.ts).
const TopNav = lazy(() => import('../app/layout/top-nav.tsx').then((m) => ({ default: m.TopNav })))
const Footer = lazy(() => import('../app/layout/footer.tsx').then((m) => ({ default: m.Footer })))

// Unknown addresses and old path names are the splat route's (_app/$.tsx); notFound() thrown by a screen shows here.
export const Route = createFileRoute('/_app')({
  component: AppLayout,
  notFoundComponent: NotFound,
})

/**
 * Desktop: top navigation, the page, the footer's four groups. Mobile: the page and the bottom tab bar; no footer
 * (its links are in the account area and the help center). The tab bar is fixed and its height reserved.
 */
function AppLayout() {
  const isDesktop = useIsDesktop()
  const isSignedIn = useSession((s) => s.token !== null)
  return (
    <div className={isDesktop ? 'layout desktop' : 'layout mobile'}>
      {isDesktop && (
        // An empty bar of the same fixed height meanwhile: the page below does not move when it arrives.
        <Suspense fallback={<header className="top-nav" />}>
          <TopNav />
        </Suspense>
      )}
      <main className="content">
        <Outlet />
      </main>
      {isDesktop ? (
        <Suspense fallback={null}>
          <Footer />
        </Suspense>
      ) : (
        <BottomTabs />
      )}
      <Toaster />
      {isSignedIn && <LazyTradeToasts />}
      {isSignedIn && <LazyLegalGate />}
      <LazyInstallOffer />
    </div>
  )
}
