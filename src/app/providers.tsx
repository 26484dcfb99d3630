import { useState } from 'react'
import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { I18nProvider } from '@lingui/react'
import { i18n } from '../lib/i18n.ts'
import { guardPrivateData } from './private-data.ts'
import { createQueryClient } from './query-client.ts'
import { createAppRouter } from './router.ts'

function createGuardedQueryClient() {
  const queryClient = createQueryClient()
  // For the page's lifetime: the one query client lives as long as the app.
  guardPrivateData(queryClient)
  return queryClient
}

/**
 * No WagmiProvider here: wagmi and viem load only with the wallet layer (src/wallet/wallet-gate.tsx), whose hooks
 * get the config as a parameter, so a signed-out first visit fetches none of it.
 */
export function Providers() {
  const [queryClient] = useState(createGuardedQueryClient)
  const [router] = useState(() => createAppRouter(queryClient))
  return (
    <QueryClientProvider client={queryClient}>
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>
    </QueryClientProvider>
  )
}
