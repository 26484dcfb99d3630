// Amount and term, then every number of the loan before anything is sent (computed by loanQuote, the function the
// server charges with); the agreement follows once the loan is asked.
import { useRef, useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { loanIssue, loanQuote, type LoanIssue } from '#contract/loan-math.ts'
import type { LoanTerms } from '#contract/loans.ts'
import { AmountInput } from '../../../components/ui/amount-input.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { Segmented } from '../../../components/ui/segmented.tsx'
import { toast } from '../../../components/ui/toast.tsx'
import { operationKeys } from '../../../lib/operation-keys.ts'
import { useIsOnline } from '../../../lib/use-is-online.ts'
import { useApplyLoan } from '../api.ts'
import { LoanFigures } from './loan-figures.tsx'

export function LoanForm({ terms }: { terms: LoanTerms }) {
  const { t } = useLingui()
  const isOnline = useIsOnline()
  const [amount, setAmount] = useState('')
  const [termDays, setTermDays] = useState(terms.termDays[0]!)
  const [tried, setTried] = useState(false)
  // The repayment date shown counts from when the screen opened, as the server counts from when the loan is asked.
  const [start] = useState(() => Date.now())
  const keys = useRef(operationKeys()).current
  const apply = useApplyLoan()
  const issue = loanIssue(amount, termDays, terms)
  const quote = issue ? null : loanQuote({ amount, termDays, start, offer: terms })
  const { currency, min, max } = terms
  const issueText = (i: LoanIssue): string => {
    switch (i.code) {
      case 'empty':
        return t`enter loan amount`
      case 'invalid':
      case 'tooPrecise':
        return t`Enter the loan amount as a number, with at most 2 decimals`
      case 'belowMin':
        return t`The smallest loan is ${min} ${currency}`
      case 'aboveMax':
        return t`The largest loan for your verification level is ${max} ${currency}`
      case 'term':
        return t`Pick one of the offered terms`
    }
  }
  const shown = issue && (tried || issue.code !== 'empty') ? issueText(issue) : undefined
  const send = () => {
    setTried(true)
    if (issue) return
    const body = { amount, termDays }
    apply.mutate(
      { body, idempotencyKey: keys.keyFor(body) },
      {
        onSuccess: () => {
          keys.settled(null)
          toast(t`Loan asked: read the agreement and sign it below`, 'success')
          setAmount('')
          setTried(false)
        },
        onError: (error) => keys.settled(error),
      },
    )
  }
  return (
    <Card title={t`Take a loan`} titleId="loan-form-title">
      <form
        className="loan-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          send()
        }}
      >
        <AmountInput
          label={t`Loan amount`}
          currency={terms.currency}
          value={amount}
          onChange={setAmount}
          data-testid="loan-amount"
          error={shown}
          hint={t`From ${min} to ${max} ${currency}`}
        />
        <Segmented<string>
          label={t`Term`}
          value={String(termDays)}
          onChange={(v) => setTermDays(Number(v))}
          options={terms.termDays.map((days) => ({ value: String(days), label: t`${days} days` }))}
        />
        {quote && <LoanFigures f={{ ...quote, lateDailyRate: terms.lateDailyRate, currency: terms.currency }} testId="loan-quote" />}
        <p className="caption">
          <Trans>Loans are credited to your live account and repaid from it.</Trans>
        </p>
        {apply.error && <ErrorState error={apply.error} compact />}
        <Button type="submit" block size="lg" loading={apply.isPending} disabled={!isOnline} data-testid="loan-apply">
          <Trans>Apply for the loan</Trans>
        </Button>
      </form>
    </Card>
  )
}
