import { useQuery } from '@tanstack/react-query'
import { configQueries } from './config-queries.ts'

/** The operator's platform name (getConfigValue platformName); "Keelson" until it loads. */
export function usePlatformName(): string {
  const { data } = useQuery(configQueries.value('platformName'))
  return data?.value || 'Keelson'
}
