import { Trans } from '@lingui/react/macro'
import Decimal from 'decimal.js'
import type { TransactionRow } from '#contract/account.ts'
import { Amount } from '../../../components/ui/amount.tsx'
import { useFormat } from '../../../lib/format.ts'

/** One movement: why and when on the left, the signed amount (credits green with "+") and the balance after on the right. */
export function RecordRow({ row }: { row: TransactionRow }) {
  const f = useFormat()
  const isCredit = new Decimal(row.amount).isPositive()
  const balanceAfter = row.balanceAfter === undefined ? null : f.amount(row.balanceAfter)
  return (
    <li className="record-row" data-testid="record-row">
      <div className="record-what">
        <span className="record-reason">{row.text}</span>
        <time className="caption" dateTime={new Date(row.time).toISOString()}>
          {f.dateTime(row.time)}
        </time>
      </div>
      <div className="record-amount">
        <span className={isCredit ? 'up' : 'down'}>
          <Amount value={row.amount} currency={row.currency} signed />
        </span>
        {balanceAfter !== null && (
          <span className="caption num">
            <Trans>Balance {balanceAfter}</Trans>
          </span>
        )}
      </div>
    </li>
  )
}
