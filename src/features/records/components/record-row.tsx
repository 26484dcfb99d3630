import Decimal from 'decimal.js'
import { useLingui } from '@lingui/react/macro'
import type { TransactionRow } from '#contract/account.ts'
import { toBcp47 } from '#contract/locales.ts'
import { formatAmount } from '../../../lib/numbers.ts'
import { useSession } from '../../../lib/session.ts'
import { useDateFormat } from '../../../lib/use-date-format.ts'
import { useServerOffset } from '../../../lib/use-server-offset.ts'

export function RecordRow({ row }: { row: TransactionRow }) {
  const { t } = useLingui()
  const language = useSession((s) => s.language)
  const format = useDateFormat()
  const offset = useServerOffset()
  const isCredit = new Decimal(row.amount).isPositive()
  const locale = toBcp47(language)
  return (
    <li className="record-row" data-testid="record-row">
      <div>
        <strong>{row.reasonText}</strong>
        <div className="muted">
          <time dateTime={new Date(row.time).toISOString()}>{format ? format(row.time, locale, offset) : ''}</time>
        </div>
      </div>
      <div className="record-amount">
        <span className={isCredit ? 'credit' : 'debit'}>
          {isCredit ? '+' : ''}
          {formatAmount(row.amount, locale)} {row.currency}
        </span>
        {row.balanceAfter !== undefined && (
          <div className="muted">{t`Balance ${formatAmount(row.balanceAfter, locale)}`}</div>
        )}
      </div>
    </li>
  )
}
