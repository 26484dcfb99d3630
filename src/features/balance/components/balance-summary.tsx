// The home screen's line about money: the active book and its total, one tap from the balance. Loaded after the
// first paint (see routes/_app/-lazy-book-badge.tsx).
import { useQuery } from '@tanstack/react-query'
import { Trans } from '@lingui/react/macro'
import { Card } from '../../../components/ui/card.tsx'
import { List, ListRow } from '../../../components/ui/list-row.tsx'
import { Amount } from '../../../components/ui/amount.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { IconWallet } from '../../../components/ui/icons.tsx'
import { useSession } from '../../../lib/session.ts'
import { balanceQueries } from '../api.ts'
import { BookLabel } from '../../../components/ui/book-badge.tsx'

export function BalanceSummary() {
  const userId = useSession((s) => s.userId)
  const { data } = useQuery(balanceQueries.current(userId))
  return (
    <Card flush>
      <List>
        <ListRow
          icon={<IconWallet />}
          label={<Trans>Balance</Trans>}
          detail={data && <BookLabel book={data.book} />}
          trailing={data ? <Amount value={data.totalUsdt} currency="USDT" /> : <Skeleton width="80px" />}
          to="/profile/{-$type}"
          params={{ type: 'balance' }}
        />
      </List>
    </Card>
  )
}
