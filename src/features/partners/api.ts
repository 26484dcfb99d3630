import { queryOptions } from '@tanstack/react-query'
import { contentApi } from '#contract/content.ts'
import { api } from '../../lib/api.ts'
import { publicKeys } from '../../lib/query-keys.ts'
import { STALE } from '../../lib/stale.ts'

export const partnerQueries = {
  list: () => queryOptions({ queryKey: [...publicKeys.content(), 'partners'], queryFn: () => api(contentApi.partners), staleTime: STALE.hour }),
}
