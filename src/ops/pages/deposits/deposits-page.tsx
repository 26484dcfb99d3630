// Deposits waiting for a decision (claims without a node, claims the chain did not match, transfers below the
// minimum) with what the on-chain check found, and the decided ones; approve (crediting the user's live book once)
// or reject with a reason the user reads. Below: each currency's network settings (networks-form.tsx).
import { useState } from 'react'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import type { CheckProblem } from '#contract/deposits.ts'
import { opsFundsApi, type OpsDeposit } from '#contract/ops-funds.ts'
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { EmptyState } from '../../../components/ui/empty-state.tsx'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { TextField } from '../../../components/ui/field.tsx'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { Segmented } from '../../../components/ui/segmented.tsx'
import { SkeletonRows } from '../../../components/ui/skeleton.tsx'
import { toast } from '../../../components/ui/toast.tsx'
import { formatDateTime } from '../../../lib/format.ts'
import { opsCall } from '../../api.ts'
import { Pager } from '../../components/pager.tsx'
import { OpsPhoto } from '../kyc/ops-photo.tsx'
import { NetworksForm } from './networks-form.tsx'
import './deposits.css'

const SIZE = 20
type Show = 'waiting' | 'all'
const TONES: Record<OpsDeposit['status'], BadgeTone> = { pending: 'warn', review: 'info', credited: 'up', rejected: 'down' }

function StatusBadge({ d }: { d: OpsDeposit }) {
  const { t } = useLingui()
  const { confirmations, confirmationsNeeded } = d
  const labels: Record<OpsDeposit['status'], string> = {
    pending: t({ message: `Pending, ${confirmations} of ${confirmationsNeeded} confirmations`, context: 'deposit state' }),
    review: t({ message: 'Waiting for review', context: 'deposit state' }),
    credited: t({ message: 'Credited', context: 'deposit state' }),
    rejected: t({ message: 'Rejected', context: 'deposit state' }),
  }
  return <Badge tone={TONES[d.status]}>{labels[d.status]}</Badge>
}

function CheckResult({ d }: { d: OpsDeposit }) {
  const { t } = useLingui()
  if (!d.check) return <Badge>{t`Not checked on chain: no node`}</Badge>
  const words: Record<CheckProblem, string> = {
    notFound: t`Transaction not found`,
    failed: t`Transaction failed`,
    wrongAddress: t`Nothing paid to the receiving address in this currency`,
    amountMismatch: t`Amount differs from the claim`,
    foreignSender: t`Sent from an address this user has not proven (neither their sign-in wallet nor an address they added by signing)`,
    notConfirmed: t`Not enough confirmations yet`,
    belowMinimum: t`Below the minimum deposit`,
    alreadyCredited: t`Already credited`,
    senderClaimed: t`Closed: the transfer's proven sender claimed it`,
    creditedToOther: t`This user proved they sent it, but another user's claim of it was already credited: decide between them`,
  }
  const { amount, confirmations, from } = d.check
  return (
    <span className="ops-deposit-check" data-testid="ops-deposit-check">
      {d.check.problems.length === 0 ? <Badge tone="up">{t`Matches on chain`}</Badge> : d.check.problems.map((p) => <Badge key={p} tone="down">{words[p]}</Badge>)}
      {amount !== null && <span className="num">{t`On chain: ${amount}`}</span>}
      {from !== null && <span className="num">{t`Sender: ${from}`}</span>}
      {confirmations !== null && <span className="num">{t`Confirmations: ${confirmations}`}</span>}
    </span>
  )
}

/** Whether the sender is, now, an address the user proved: the sign-in wallet, one added by signing, or neither. */
function SenderProof({ proof }: { proof: NonNullable<OpsDeposit['senderProof']> }) {
  const { t } = useLingui()
  if (proof === 'wallet') return <Badge tone="up">{t`Yes: their sign-in wallet`}</Badge>
  if (proof === 'added') return <Badge tone="up">{t`Yes: an address they added by signing`}</Badge>
  return <Badge tone="down">{t`No: not an address this user proved`}</Badge>
}

function Decide({ d }: { d: OpsDeposit }) {
  const { t } = useLingui()
  const { id } = d
  const queryClient = useQueryClient()
  const [amount, setAmount] = useState('')
  const [reason, setReason] = useState('')
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['ops', 'deposits'] })
  const approve = useMutation({
    mutationFn: () => opsCall(opsFundsApi.approveDeposit, { body: { id: d.id, ...(amount.trim() ? { amount: amount.trim() } : {}) } }),
    onSuccess: () => {
      toast(t`Deposit ${id} credited`, 'success')
      return refresh()
    },
  })
  const reject = useMutation({
    mutationFn: () => opsCall(opsFundsApi.rejectDeposit, { body: { id: d.id, reason: reason.trim() } }),
    onSuccess: () => {
      toast(t`Deposit ${id} rejected`, 'success')
      return refresh()
    },
  })
  const busy = approve.isPending || reject.isPending
  return (
    <div className="ops-form">
      <form
        className="ops-form"
        onSubmit={(e) => {
          e.preventDefault()
          approve.mutate()
        }}
      >
        <TextField
          label={t`Amount to credit (empty: the amount above)`}
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          inputMode="decimal"
          autoComplete="off"
          data-testid="deposit-approve-amount"
        />
        <Button type="submit" loading={approve.isPending} disabled={busy} data-testid="deposit-approve">
          <Trans>Approve and credit</Trans>
        </Button>
      </form>
      {approve.error && <ErrorState error={approve.error} compact />}
      <form
        className="ops-form"
        onSubmit={(e) => {
          e.preventDefault()
          reject.mutate()
        }}
      >
        <TextField label={t`Reason for rejecting (the user reads it)`} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} data-testid="deposit-reason" />
        <Button type="submit" variant="danger" loading={reject.isPending} disabled={busy || reason.trim().length < 3} data-testid="deposit-reject">
          <Trans>Reject</Trans>
        </Button>
      </form>
      {reject.error && <ErrorState error={reject.error} compact />}
    </div>
  )
}

function Row({ d }: { d: OpsDeposit }) {
  const { t, i18n } = useLingui()
  const open = d.status === 'pending' || d.status === 'review'
  return (
    <li className="ops-audit-row" data-testid="ops-deposit" data-id={d.id}>
      <div className="ops-audit-head">
        <strong className="num">
          {d.amount} {d.currency}
        </strong>
        <StatusBadge d={d} />
        <span className="muted">#{d.id}</span>
        <span className="muted">{formatDateTime(d.createdAt, i18n.locale)}</span>
      </div>
      <dl className="ops-facts">
        <dt>
          <Trans>User</Trans>
        </dt>
        <dd className="mono">{d.user}</dd>
        <dt>
          <Trans>Found by</Trans>
        </dt>
        <dd>{d.source === 'chain' ? t`The chain follower` : t`The user's claim`}</dd>
        <dt>
          <Trans>Network</Trans>
        </dt>
        <dd>{d.network}</dd>
        <dt>
          <Trans>Transaction hash</Trans>
        </dt>
        <dd className="mono">{d.txHash}</dd>
        {d.fromAddress && (
          <>
            <dt>
              <Trans>From</Trans>
            </dt>
            <dd className="mono">{d.fromAddress}</dd>
          </>
        )}
        {d.senderProof && (
          <>
            <dt>
              <Trans>Sender proven</Trans>
            </dt>
            <dd data-testid="ops-deposit-sender">
              <SenderProof proof={d.senderProof} />
            </dd>
          </>
        )}
        {d.last6 && (
          <>
            <dt>
              <Trans>Last 6 typed</Trans>
            </dt>
            <dd className="mono">{d.last6}</dd>
          </>
        )}
        <dt>
          <Trans>On-chain check</Trans>
        </dt>
        <dd>
          <CheckResult d={d} />
        </dd>
        {d.rejectReason && (
          <>
            <dt>
              <Trans>Reason</Trans>
            </dt>
            <dd>{d.rejectReason}</dd>
          </>
        )}
      </dl>
      {d.screenshot && <OpsPhoto id={d.screenshot} label={t`Screenshot of the transfer`} />}
      {open && d.status === 'review' && <Decide d={d} />}
    </li>
  )
}

export default function DepositsPage() {
  const { t } = useLingui()
  const [show, setShow] = useState<Show>('waiting')
  const [page, setPage] = useState(1)
  const query = useQuery({
    queryKey: ['ops', 'deposits', show, page],
    queryFn: () => opsCall(opsFundsApi.deposits, { query: { status: show, page, size: SIZE } }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  })
  return (
    <>
      <PageHeader title={<Trans>Deposits</Trans>} />
      <Segmented<Show>
        label={t`Show`}
        value={show}
        onChange={(next) => {
          setShow(next)
          setPage(1)
        }}
        options={[
          { value: 'waiting', label: t`Waiting` },
          { value: 'all', label: t`All` },
        ]}
      />
      {query.isPending ? (
        <SkeletonRows rows={6} />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.list.length === 0 ? (
        <EmptyState title={show === 'waiting' ? <Trans>No deposit is waiting</Trans> : <Trans>No deposits yet</Trans>} />
      ) : (
        <Card flush>
          <ul className="list" aria-label={t`Deposits`}>
            {query.data.list.map((d) => (
              <Row key={d.id} d={d} />
            ))}
          </ul>
        </Card>
      )}
      {query.data && <Pager page={page} size={SIZE} total={query.data.total} onPage={setPage} />}
      <NetworksForm />
    </>
  )
}
