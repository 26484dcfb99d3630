import { useQuery } from '@tanstack/react-query'
import { configQueries } from './config-queries.ts'

/** Minutes east of UTC that the operator shows times in (getConfigValue serverTimezoneOffset). */
export function useServerOffset(): number {
  const { data } = useQuery(configQueries.value('serverTimezoneOffset'))
  return parseOffset(data?.value)
}

/** A setting string to minutes; anything but a whole offset within ±14 h counts as UTC. */
export function parseOffset(value: string | null | undefined): number {
  const n = Number(value)
  return Number.isInteger(n) && Math.abs(n) <= 14 * 60 ? n : 0
}
