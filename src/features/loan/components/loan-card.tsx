// One of the user's loans: its state (Not Signed, Signed, Active, Repaid, Rejected), its numbers, the agreement to
// read, and what can be done now: sign by drawing (or re-sign, until an operator decides), or repay in part or in full.
import { useRef, useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { Loan, LoanStatus } from '#contract/loans.ts'
import { AmountInput } from '../../../components/ui/amount-input.tsx'
import { Amount } from '../../../components/ui/amount.tsx'
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { toast } from '../../../components/ui/toast.tsx'
import { operationKeys } from '../../../lib/operation-keys.ts'
import { useRepayLoan, useSignLoan } from '../api.ts'
import { AgreementView } from './agreement-view.tsx'
import { LoanFigures } from './loan-figures.tsx'
import { SignaturePad } from './signature-pad.tsx'

const TONES: Record<LoanStatus, BadgeTone> = { not_signed: 'warn', signed: 'info', active: 'live', repaid: 'up', rejected: 'down' }

function StatusBadge({ status }: { status: LoanStatus }) {
  const { t } = useLingui()
  const labels: Record<LoanStatus, string> = {
    not_signed: t({ message: 'Not Signed', context: 'loan state' }),
    signed: t({ message: 'Signed: waiting for approval', context: 'loan state' }),
    active: t({ message: 'Active', context: 'loan state' }),
    repaid: t({ message: 'Repaid', context: 'loan state' }),
    rejected: t({ message: 'Rejected', context: 'loan state' }),
  }
  return <Badge tone={TONES[status]} testId="loan-status">{labels[status]}</Badge>
}

function Sign({ loan }: { loan: Loan }) {
  const { t } = useLingui()
  const sign = useSignLoan()
  const keys = useRef(operationKeys()).current
  const resign = loan.status === 'signed'
  const [open, setOpen] = useState(!resign)
  if (!open) {
    return (
      <Button variant="secondary" onClick={() => setOpen(true)} data-testid="loan-resign">
        <Trans>Re-sign</Trans>
      </Button>
    )
  }
  return (
    <>
      <SignaturePad
        busy={sign.isPending}
        signLabel={resign ? t`Re-sign the agreement` : t`Sign the agreement`}
        onSign={(signature) => {
          const body = { id: loan.id, signature }
          sign.mutate(
            { body, idempotencyKey: keys.keyFor(body) },
            {
              onSuccess: () => {
                keys.settled(null)
                setOpen(false)
                toast(t`Agreement signed: an operator reviews it`, 'success')
              },
              onError: (error) => keys.settled(error),
            },
          )
        }}
      />
      {sign.error && <ErrorState error={sign.error} compact />}
    </>
  )
}

function Repay({ loan }: { loan: Loan }) {
  const { t } = useLingui()
  const repay = useRepayLoan()
  const keys = useRef(operationKeys()).current
  const [amount, setAmount] = useState('')
  const send = (value: string) => {
    const body = { id: loan.id, amount: value }
    repay.mutate(
      { body, idempotencyKey: keys.keyFor(body) },
      {
        onSuccess: (done) => {
          keys.settled(null)
          setAmount('')
          toast(done.status === 'repaid' ? t`Loan repaid in full` : t`Repayment received`, 'success')
        },
        onError: (error) => keys.settled(error),
      },
    )
  }
  return (
    <form
      className="loan-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        if (/^\d+(\.\d{1,2})?$/.test(amount) && /[1-9]/.test(amount)) send(amount)
      }}
    >
      <AmountInput label={t`Repayment amount`} currency={loan.currency} value={amount} onChange={setAmount} max={loan.owed} data-testid="loan-repay-amount" />
      {repay.error && <ErrorState error={repay.error} compact />}
      <div className="loan-actions">
        <Button type="submit" variant="secondary" loading={repay.isPending} data-testid="loan-repay">
          <Trans>Repay</Trans>
        </Button>
        <Button onClick={() => send(loan.owed)} loading={repay.isPending} data-testid="loan-repay-full">
          <Trans>Repay in full</Trans>
        </Button>
      </div>
    </form>
  )
}

export function LoanCard({ loan }: { loan: Loan }) {
  const { t } = useLingui()
  const [reading, setReading] = useState(loan.status === 'not_signed')
  const signable = loan.status === 'not_signed' || loan.status === 'signed'
  const { id, termDays, rejectReason } = loan
  return (
    <Card title={t`Loan #${id}`} titleId={`loan-${loan.id}`} actions={<StatusBadge status={loan.status} />}>
      <div className="loan-card" data-testid="loan-card" data-id={loan.id} data-status={loan.status}>
        <p className="loan-principal">
          <Amount value={loan.amount} currency={loan.currency} digits={2} />{' '}
          <span className="muted">
            <Trans>for {termDays} days</Trans>
          </span>
        </p>
        <LoanFigures f={loan} />
        {loan.status === 'active' && (
          <dl className="loan-figures" data-testid="loan-owed-figures">
            <dt>
              <Trans>Repaid</Trans>
            </dt>
            <dd>
              <Amount value={loan.repaid} currency={loan.currency} digits={2} />
            </dd>
            <dt>
              <Trans>Damages charged</Trans>
            </dt>
            <dd>
              <Amount value={loan.damagesCharged} currency={loan.currency} digits={2} />
            </dd>
            <dt>
              <Trans>Owed now</Trans>
            </dt>
            <dd data-testid="loan-owed">
              <Amount value={loan.owed} currency={loan.currency} digits={2} />
            </dd>
          </dl>
        )}
        {rejectReason && (
          <p className="caption">
            <Trans>Reason: {rejectReason}</Trans>
          </p>
        )}
        {signable && loan.status === 'not_signed' && (
          <p className="caption">
            <Trans>Before approval the repayment date counts from today; the term starts the day the loan is credited.</Trans>
          </p>
        )}
        <Button variant="ghost" onClick={() => setReading(!reading)} aria-expanded={reading} data-testid="loan-read">
          {reading ? <Trans>Hide the agreement</Trans> : <Trans>Read the agreement</Trans>}
        </Button>
        {reading && <AgreementView id={loan.id} version={loan.signedAt} />}
        {signable && <Sign loan={loan} />}
        {loan.status === 'active' && <Repay loan={loan} />}
      </div>
    </Card>
  )
}
