// Providers and the router of the console. Routes are built from the page registry (registry.ts) under the base path
// /ops: the sign-in form for a signed-out operator, else the shell with the page.
import { Suspense, useState } from 'react'
import { QueryClientProvider, useQueryClient } from '@tanstack/react-query'
import { I18nProvider } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { createRootRoute, createRoute, createRouter, Navigate, Outlet, RouterProvider } from '@tanstack/react-router'
import { createQueryClient } from '../app/query-client.ts'
import { EmptyState } from '../components/ui/empty-state.tsx'
import { SkeletonRows } from '../components/ui/skeleton.tsx'
import { Toaster } from '../components/ui/toast.tsx'
import { i18n } from './i18n.ts'
import { OPS_PAGES, pagesFor, type OpsPage } from './registry.ts'
import { operatorMay, useOperator, useOpsSession } from './session.ts'
import { OpsShell } from './shell.tsx'
import { OpsSignIn } from './sign-in.tsx'

function Root() {
  const session = useOpsSession()
  const queryClient = useQueryClient()
  if (!session) {
    // Nothing one operator loaded stays for the next one at this desk.
    queryClient.clear()
    return <OpsSignIn />
  }
  return (
    <OpsShell>
      <Outlet />
    </OpsShell>
  )
}

function Home() {
  const operator = useOperator()
  const first = pagesFor(operator)[0]
  if (first) return <Navigate to={`/${first.path}` as '/'} replace />
  return <EmptyState title={<Trans>No page of the console is open to your roles.</Trans>} />
}

function PageGate({ page }: { page: OpsPage }) {
  const operator = useOperator()
  if (!operatorMay(operator, page.roles)) {
    return <EmptyState title={<Trans>Your operator roles do not open this page.</Trans>} />
  }
  const Page = page.component
  return (
    <Suspense fallback={<SkeletonRows rows={6} />}>
      <Page />
    </Suspense>
  )
}

const rootRoute = createRootRoute({ component: Root })
const routeTree = rootRoute.addChildren([
  createRoute({ getParentRoute: () => rootRoute, path: '/', component: Home }),
  ...OPS_PAGES.map((page) => createRoute({ getParentRoute: () => rootRoute, path: `/${page.path}`, component: () => <PageGate page={page} /> })),
])

export function OpsApp() {
  const [queryClient] = useState(createQueryClient)
  const [router] = useState(() => createRouter({ routeTree, basepath: '/ops', defaultPreload: false }))
  return (
    <QueryClientProvider client={queryClient}>
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
        <Toaster />
      </I18nProvider>
    </QueryClientProvider>
  )
}
