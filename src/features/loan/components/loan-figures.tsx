// A loan's numbers as the screen, the agreement and the server state them (loan-math.ts): the daily rate, total
// interest, repayment date, total repayment and the liquidated damages per day late.
import { Trans } from '@lingui/react/macro'
import { percent } from '#contract/loan-math.ts'
import { Amount } from '../../../components/ui/amount.tsx'
import { useFormat } from '../../../lib/format.ts'

type Figures = { dailyRate: string; interest: string; dueAt: number; totalRepayment: string; damagesPerDay: string; lateDailyRate: string; currency: string }

export function LoanFigures({ f, testId }: { f: Figures; testId?: string }) {
  const format = useFormat()
  const lateRate = percent(f.lateDailyRate)
  return (
    <dl className="loan-figures" data-testid={testId}>
      <dt>
        <Trans>Daily rate</Trans>
      </dt>
      <dd data-testid="loan-daily-rate">{percent(f.dailyRate)}%</dd>
      <dt>
        <Trans>Total interest</Trans>
      </dt>
      <dd data-testid="loan-interest">
        <Amount value={f.interest} currency={f.currency} digits={2} />
      </dd>
      <dt>
        <Trans>Repayment date</Trans>
      </dt>
      <dd data-testid="loan-due">{format.dateTime(f.dueAt, 'date')}</dd>
      <dt>
        <Trans>Total repayment</Trans>
      </dt>
      <dd data-testid="loan-total">
        <Amount value={f.totalRepayment} currency={f.currency} digits={2} />
      </dd>
      <dt>
        <Trans>Liquidated damages for late repayment</Trans>
      </dt>
      <dd data-testid="loan-damages">
        <Trans>
          <Amount value={f.damagesPerDay} currency={f.currency} digits={2} /> per day ({lateRate}% of the loan)
        </Trans>
      </dd>
    </dl>
  )
}
