import { QueryClient } from '@tanstack/react-query'
import { ApiError } from '../lib/api.ts'
import { STALE } from '../lib/stale.ts'

export function createQueryClient() {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: STALE.minute,
        // Offline, a screen shows the last data it had with its time; keep that data for a day, not five minutes.
        gcTime: STALE.day,
        // A 4xx will not get better by asking again; network trouble and 5xx may.
        retry: (count, error) => !(error instanceof ApiError && error.code >= 400 && error.code < 500) && count < 2,
        networkMode: 'offlineFirst',
      },
      mutations: { networkMode: 'online' },
    },
  })
  refetchFailedOnReconnect(client)
  return client
}

/**
 * Back online, a screen that failed offline loads by itself. React Query refetches on reconnect only when it saw
 * the network go away; it starts out assuming a network, so an app opened offline never sees the change back and
 * its screens waited for a Retry tap. Only queries in error: the rest follow React Query's own rules.
 */
export function refetchFailedOnReconnect(client: QueryClient, target: Pick<Window, 'addEventListener'> = window): void {
  target.addEventListener('online', () => {
    void client.refetchQueries({ type: 'active', predicate: (query) => query.state.status === 'error' })
  })
}
