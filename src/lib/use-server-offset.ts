import { useQuery } from '@tanstack/react-query'
import { configQueries } from './config-queries.ts'
import { parseOffset } from './dates.ts'

/** Minutes east of UTC that the operator shows times in (getConfigValue serverTimezoneOffset). */
export function useServerOffset(): number {
  const { data } = useQuery(configQueries.value('serverTimezoneOffset'))
  return parseOffset(data?.value)
}
