import { queryOptions } from '@tanstack/react-query'
import { configApi, type ConfigKey } from '#contract/config.ts'
import { api } from './api.ts'
import { STALE } from './stale.ts'

export const configQueries = {
  all: () => ['config'] as const,
  value: (configKey: ConfigKey) =>
    queryOptions({
      queryKey: [...configQueries.all(), 'value', configKey],
      queryFn: () => api(configApi.configValue, { query: { configKey } }),
      staleTime: STALE.hour,
    }),
  languages: () =>
    queryOptions({
      queryKey: [...configQueries.all(), 'languages'],
      queryFn: () => api(configApi.languageList),
      staleTime: STALE.hour,
    }),
  notice: () =>
    queryOptions({
      queryKey: [...configQueries.all(), 'notice'],
      queryFn: () => api(configApi.notice),
      staleTime: STALE.minute,
    }),
}
