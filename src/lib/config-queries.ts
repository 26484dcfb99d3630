import { queryOptions } from '@tanstack/react-query'
import { configApi, type ConfigKey } from '#contract/config.ts'
import { api } from './api.ts'
import { MONEY_CONFIG_KEYS, MONEY_CONFIG_MAX_AGE_S } from './cache-rules.ts'
import { publicKeys } from './query-keys.ts'
import { STALE } from './stale.ts'

/** A setting that moves money is never shown from memory older than the service worker would allow either. */
const MONEY_MAX_AGE_MS = MONEY_CONFIG_MAX_AGE_S * 1000

export const configQueries = {
  value: (configKey: ConfigKey) =>
    queryOptions({
      queryKey: [...publicKeys.config(), 'value', configKey],
      queryFn: () => api(configApi.configValue, { query: { configKey } }),
      ...(MONEY_CONFIG_KEYS.includes(configKey)
        ? { staleTime: 0, gcTime: MONEY_MAX_AGE_MS, refetchInterval: MONEY_MAX_AGE_MS }
        : { staleTime: STALE.hour }),
    }),
  languages: () =>
    queryOptions({
      queryKey: [...publicKeys.config(), 'languages'],
      queryFn: () => api(configApi.languageList),
      staleTime: STALE.hour,
    }),
  notice: () =>
    queryOptions({
      queryKey: [...publicKeys.config(), 'notice'],
      queryFn: () => api(configApi.notice),
      staleTime: STALE.minute,
    }),
}
