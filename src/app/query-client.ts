import { QueryClient } from '@tanstack/react-query'
import { ApiError } from '../lib/api.ts'
import { STALE } from '../lib/stale.ts'

export function createQueryClient() {
  return new QueryClient({
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
}
