import { Outlet, createFileRoute } from '@tanstack/react-router'
import { useIsDesktop } from '../lib/use-is-desktop.ts'
import { TopNav } from '../app/layout/top-nav.tsx'
import { BottomTabs } from '../app/layout/bottom-tabs.tsx'
import { Footer } from '../app/layout/footer.tsx'
import { NotFound } from '../app/layout/not-found.tsx'
import { Toaster } from '../components/ui/toast.tsx'
import { LazyInstallOffer } from '../features/install/components/lazy-install-offer.tsx'

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
  return (
    <div className={isDesktop ? 'layout desktop' : 'layout mobile'}>
      {isDesktop && <TopNav />}
      <main className="content">
        <Outlet />
      </main>
      {isDesktop ? <Footer /> : <BottomTabs />}
      <Toaster />
      <LazyInstallOffer />
    </div>
  )
}
