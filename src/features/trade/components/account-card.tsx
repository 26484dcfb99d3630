// The trading account's live figures on their own, for the desktop instrument screen's ticket column (the orders
// beside the chart then start with the positions, above the fold).
import { useQuery } from '@tanstack/react-query'
import { useSession } from '../../../lib/session.ts'
import { orderQueries } from '../api.ts'
import type { Market } from '../preview.ts'
import { AccountSummary } from './account-summary.tsx'

export function AccountCard({ market }: { market: Market }) {
  const userId = useSession((s) => s.userId)
  const account = useQuery(orderQueries.account(userId))
  const positions = useQuery(orderQueries.positions(userId))
  if (!account.data || !positions.data) return null
  return <AccountSummary account={account.data} positions={positions.data.list} market={market} />
}
