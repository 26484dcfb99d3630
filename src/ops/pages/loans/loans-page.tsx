// Loans for finance operators: the lending reserve (and funding it), then signed loans waiting for a decision (oldest
// first), active loans and decided ones. Each shows its numbers, its agreement and whether the stored PDF still
// hashes to what was taken at signing; approving credits the principal from the reserve (refused when the reserve
// holds less, or the agreement changed), rejecting records the reason the borrower reads.
import { useState } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import { percent } from '#contract/loan-math.ts'
import { opsLoansApi, type OpsLoan } from '#contract/ops-loans.ts'
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { TextField } from '../../../components/ui/field.tsx'
import { toast } from '../../../components/ui/toast.tsx'
import { formatDateTime } from '../../../lib/format.ts'
import { opsCall } from '../../api.ts'
import { Queue } from '../../components/queue.tsx'
import { OpsAgreement } from './ops-agreement.tsx'
import { ReserveCard } from './reserve-card.tsx'
import './loans.css'

const SIZE = 20
type State = 'waiting' | 'active' | 'done'
const TONES: Record<OpsLoan['status'], BadgeTone> = { not_signed: 'warn', signed: 'info', active: 'live', repaid: 'up', rejected: 'down' }

function StatusBadge({ loan }: { loan: OpsLoan }) {
  const { t } = useLingui()
  const labels: Record<OpsLoan['status'], string> = {
    not_signed: t({ message: 'Not Signed', context: 'loan state' }),
    signed: t({ message: 'Signed', context: 'loan state' }),
    active: t({ message: 'Active', context: 'loan state' }),
    repaid: t({ message: 'Repaid', context: 'loan state' }),
    rejected: t({ message: 'Rejected', context: 'loan state' }),
  }
  return <Badge tone={TONES[loan.status]}>{labels[loan.status]}</Badge>
}

function HashCheck({ loan }: { loan: OpsLoan }) {
  if (loan.hashOk === null) return <Badge><Trans>not signed yet</Trans></Badge>
  return loan.hashOk ? (
    <Badge tone="up" testId="ops-loan-hash">
      <Trans>unchanged since signing</Trans>
    </Badge>
  ) : (
    <Badge tone="down" testId="ops-loan-hash">
      <Trans>CHANGED after signing</Trans>
    </Badge>
  )
}

function Decide({ loan }: { loan: OpsLoan }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const [reason, setReason] = useState('')
  const { id, amount, currency } = loan
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['ops', 'loans'] })
  const approve = useMutation({
    mutationFn: () => opsCall(opsLoansApi.approve, { body: { id: loan.id } }),
    onSuccess: () => {
      toast(t`Loan ${id} approved: ${amount} ${currency} credited`, 'success')
      return refresh()
    },
  })
  const reject = useMutation({
    mutationFn: () => opsCall(opsLoansApi.reject, { body: { id: loan.id, reason: reason.trim() } }),
    onSuccess: () => {
      toast(t`Loan ${id} rejected`, 'success')
      return refresh()
    },
  })
  const busy = approve.isPending || reject.isPending
  return (
    <div className="ops-form ops-loan-decide">
      {loan.status === 'signed' && (
        <Button onClick={() => approve.mutate()} loading={approve.isPending} disabled={busy || loan.hashOk !== true} data-testid="ops-loan-approve">
          <Trans>Approve and credit from the reserve</Trans>
        </Button>
      )}
      {approve.error && <ErrorState error={approve.error} compact />}
      <form
        className="ops-form"
        onSubmit={(e) => {
          e.preventDefault()
          reject.mutate()
        }}
      >
        <TextField label={t`Reason for rejecting (the user reads it)`} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} />
        <Button type="submit" variant="danger" loading={reject.isPending} disabled={busy || reason.trim().length < 3}>
          <Trans>Reject</Trans>
        </Button>
      </form>
      {reject.error && <ErrorState error={reject.error} compact />}
    </div>
  )
}

function Row({ loan }: { loan: OpsLoan }) {
  const { i18n } = useLingui()
  const [reading, setReading] = useState(false)
  const { termDays } = loan
  const when = (ms: number | null) => (ms === null ? '—' : formatDateTime(ms, i18n.locale))
  return (
    <li className="ops-audit-row" data-testid="ops-loan" data-id={loan.id}>
      <div className="ops-audit-head">
        <strong className="num">
          {loan.amount} {loan.currency}
        </strong>
        <StatusBadge loan={loan} />
        <HashCheck loan={loan} />
        <span className="muted">#{loan.id}</span>
        <span className="muted">{when(loan.createdAt)}</span>
      </div>
      <dl className="ops-facts">
        <dt><Trans>User</Trans></dt>
        <dd className="mono">{loan.user}</dd>
        <dt><Trans>Term</Trans></dt>
        <dd><Trans>{termDays} days</Trans></dd>
        <dt><Trans>Daily rate</Trans></dt>
        <dd className="num">{percent(loan.dailyRate)}%</dd>
        <dt><Trans>Total repayment</Trans></dt>
        <dd className="num">{loan.totalRepayment}</dd>
        <dt><Trans>Damages per day late</Trans></dt>
        <dd className="num">{loan.damagesPerDay}</dd>
        <dt><Trans>Repayment date</Trans></dt>
        <dd>{when(loan.dueAt)}</dd>
        <dt><Trans>Owed now</Trans></dt>
        <dd className="num">{loan.owed}</dd>
        <dt><Trans>Signed</Trans></dt>
        <dd>{when(loan.signedAt)}</dd>
        {loan.signedHash && (
          <>
            <dt>SHA-256</dt>
            <dd className="mono">{loan.signedHash}</dd>
          </>
        )}
        {loan.decidedOperator && (
          <>
            <dt><Trans>Decided by</Trans></dt>
            <dd>{loan.decidedOperator}</dd>
          </>
        )}
        {loan.rejectReason && (
          <>
            <dt><Trans>Reason</Trans></dt>
            <dd>{loan.rejectReason}</dd>
          </>
        )}
      </dl>
      <Button variant="ghost" onClick={() => setReading(!reading)} aria-expanded={reading} data-testid="ops-loan-read">
        {reading ? <Trans>Hide the agreement</Trans> : <Trans>View the agreement</Trans>}
      </Button>
      {reading && <OpsAgreement id={loan.id} />}
      {(loan.status === 'signed' || loan.status === 'not_signed') && <Decide loan={loan} />}
    </li>
  )
}

export default function LoansPage() {
  const { t } = useLingui()
  return (
    <Queue<State, OpsLoan>
      title={<Trans>Loans</Trans>}
      label={t`Loans`}
      tabsLabel={t`Show`}
      tabs={[
        { value: 'waiting', label: t`Waiting` },
        { value: 'active', label: t`Active` },
        { value: 'done', label: t`Decided` },
      ]}
      name="loans"
      size={SIZE}
      load={(state, page) => opsCall(opsLoansApi.list, { query: { state, page, size: SIZE } })}
      empty={(state) => (state === 'waiting' ? <Trans>No signed loan is waiting</Trans> : <Trans>No loan here yet</Trans>)}
      row={(loan) => <Row key={loan.id} loan={loan} />}
    >
      <ReserveCard />
    </Queue>
  )
}
