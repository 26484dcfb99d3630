// The home screen's line about money: the active book and its total, one tap from the balance. Loaded after the
// first paint (see routes/_app/-lazy-book-badge.tsx).
import { useQuery } from '@tanstack/react-query'
import { Trans } from '@lingui/react/macro'
import { Card } from '../../../components/ui/card.tsx'
import { List, ListRow } from '../../../components/ui/list-row.tsx'
import { Amount } from '../../../components/ui/amount.tsx'
import { useFormat } from '../../../lib/format.ts'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { IconWallet } from '../../../components/ui/icons.tsx'
import { useSession } from '../../../lib/session.ts'
import { balanceQueries } from '../api.ts'
import { BookLabel } from '../../../components/ui/book-badge.tsx'
import '../balance.css'

/**
 * From a million up the row says the total short, in the language ("1.23M", "1,23 Mio.", "123万"), so figure and
 * currency keep one line beside the label at 320 px; the balance screen, one tap away, has it to the cent.
 */
function compactTotal(value: string, locale: string): string | null {
  if (!/^-?\d{7,}(\.\d*)?$/.test(value.trim())) return null
  // NumberFormat v3 takes the exact decimal string (the typings know number | bigint only): no float in between.
  return new Intl.NumberFormat(locale, {
    notation: 'compact',
    maximumFractionDigits: 2,
  }).format(value.trim() as unknown as number)
}

export function BalanceSummary() {
  const userId = useSession((s) => s.userId)
  const { data } = useQuery(balanceQueries.current(userId))
  const { locale } = useFormat()
  const short = data && compactTotal(data.totalUsdt, locale)
  const figure = short ? (
    <span className="num amount" data-testid="balance-summary-total">
      {short}
      <span className="amount-currency"> USDT</span>
    </span>
  ) : (
    data && <Amount value={data.totalUsdt} currency="USDT" testId="balance-summary-total" />
  )
  return (
    <div className="balance-summary">
      <Card flush>
        <List>
          <ListRow
            icon={<IconWallet />}
            label={<Trans>Balance</Trans>}
            detail={data && <BookLabel book={data.book} />}
            trailing={figure || <Skeleton width="80px" />}
            to="/profile/{-$type}"
            params={{ type: 'balance' }}
          />
        </List>
      </Card>
    </div>
  )
}
