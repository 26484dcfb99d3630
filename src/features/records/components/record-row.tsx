import { Trans } from '@lingui/react/macro'
import type { TransactionRow } from '#contract/account.ts'
import { Amount, direction } from '../../../components/ui/amount.tsx'
import { useFormat } from '../../../lib/format.ts'

// Orders move margin between available and in use: their amounts keep their sign but no colour, so a losing close
// that gives the margin back is not shown green (its P/L is in the sentence).
const ORDER_EVENTS = new Set<TransactionRow['event']>(['position_opened', 'position_closed', 'limit_placed', 'limit_cancelled', 'limit_filled', 'fee'])

/**
 * One business event: the server's sentence ("Bought 1 lot EURUSD #10000001: margin 233.28 held, fee 3.50") and
 * when on the left; on the right what it did to the available balance (money in green with "+"; nothing when it
 * moved nothing, as a withdrawal's payout) and the available balance after it.
 */
export function RecordRow({ row }: { row: TransactionRow }) {
  const f = useFormat()
  const moved = direction(row.amount)
  const available = row.balanceAfter === undefined ? null : f.amount(row.balanceAfter)
  return (
    <li className="record-row" data-testid="record-row" data-event={row.event}>
      <div className="record-what">
        <span className="record-reason">{row.text}</span>
        <time className="caption" dateTime={new Date(row.time).toISOString()}>
          {f.dateTime(row.time)}
        </time>
      </div>
      <div className="record-amount">
        {moved !== 'flat' && (
          <span className={ORDER_EVENTS.has(row.event) ? undefined : moved}>
            <Amount value={row.amount} currency={row.currency} signed />
          </span>
        )}
        {available !== null && (
          <span className="caption num">
            <Trans>Available {available}</Trans>
          </span>
        )}
      </div>
    </li>
  )
}
