import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { I18nProvider } from '@lingui/react'
import { i18n } from '../lib/i18n.ts'
import { guardPrivateData } from './private-data.ts'
import { createQueryClient } from './query-client.ts'
import { createAppRouter } from './router.ts'

export type App = { queryClient: QueryClient; router: ReturnType<typeof createAppRouter> }

/**
 * The one query client and router of the page's lifetime. Made before React renders (main.tsx), so the router can
 * match the address and load the route's code first: React then mounts the whole first screen in one sliced render
 * instead of mounting an empty router and the screen again in a blocking render once the router's store changes
 * (a store update is never a transition; bench/first-visit-trace.ts showed one 0.3 s task on Lighthouse's phone).
 */
export function createApp(): App {
  const queryClient = createQueryClient()
  // For the page's lifetime: the one query client lives as long as the app.
  guardPrivateData(queryClient)
  return { queryClient, router: createAppRouter(queryClient) }
}

/**
 * No WagmiProvider here: wagmi and viem load only with the wallet layer (src/wallet/wallet-gate.tsx), whose hooks
 * get the config as a parameter, so a signed-out first visit fetches none of it.
 */
export function Providers({ app: { queryClient, router } }: { app: App }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>
    </QueryClientProvider>
  )
}
