import { Outlet, createFileRoute } from '@tanstack/react-router'
import { useIsDesktop } from '../lib/use-is-desktop.ts'
import { TopNav } from '../app/layout/top-nav.tsx'
import { BottomTabs } from '../app/layout/bottom-tabs.tsx'
import { Footer } from '../app/layout/footer.tsx'

export const Route = createFileRoute('/_app')({ component: AppLayout })

/** The common layout: top navigation on desktop, bottom tabs on mobile, the footer groups on both. */
function AppLayout() {
  const isDesktop = useIsDesktop()
  return (
    <div className={isDesktop ? 'layout desktop' : 'layout mobile'}>
      {isDesktop && <TopNav />}
      <main className="content">
        <Outlet />
      </main>
      <Footer />
      {!isDesktop && <BottomTabs />}
    </div>
  )
}
