import { createRouter } from '@tanstack/react-router'
import type { QueryClient } from '@tanstack/react-query'
import { routeTree } from '../routeTree.gen.ts'
import { NotFound } from './layout/not-found.tsx'
import { parseSearch, stringifySearch } from './search-params.ts'

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    // Back/forward restores the scroll position; any other navigation starts at the top left.
    scrollRestoration: true,
    // Unknown addresses are routes/_app/$.tsx (inside the layout); this covers a notFound() outside it.
    defaultNotFoundComponent: NotFound,
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    // Ids in the address as written: /detail?id=12, not ?id="12" (search-params.ts).
    parseSearch,
    stringifySearch,
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
