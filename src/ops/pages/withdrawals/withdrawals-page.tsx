// Withdrawals waiting (oldest first) and decided: finance operators pay a withdrawal out from the platform's wallet
// (the server holds no key), then approve it here with the payout's transaction hash, or reject it with a reason the
// user reads. Above the configured amount the first approval carries no hash: a second, different operator confirms
// with it, once the payout is made.
import { useState } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import { opsWithdrawalsApi, type OpsWithdrawal } from '#contract/ops-withdrawals.ts'
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { TextField } from '../../../components/ui/field.tsx'
import { toast } from '../../../components/ui/toast.tsx'
import { formatDateTime } from '../../../lib/format.ts'
import { opsCall } from '../../api.ts'
import { Queue } from '../../components/queue.tsx'
import { useOperator } from '../../session.ts'
import './withdrawals.css'

const SIZE = 20
type State = 'open' | 'done'
const TONES: Record<OpsWithdrawal['status'], BadgeTone> = { pending: 'warn', awaiting_second: 'info', paid: 'up', rejected: 'down' }

function StatusBadge({ w }: { w: OpsWithdrawal }) {
  const { t } = useLingui()
  const labels: Record<OpsWithdrawal['status'], string> = {
    pending: t({ message: 'Pending review', context: 'withdrawal state' }),
    awaiting_second: t({ message: 'Awaiting second confirmation', context: 'withdrawal state' }),
    paid: t({ message: 'Paid', context: 'withdrawal state' }),
    rejected: t({ message: 'Rejected', context: 'withdrawal state' }),
  }
  return <Badge tone={TONES[w.status]}>{labels[w.status]}</Badge>
}

function Decide({ w }: { w: OpsWithdrawal }) {
  const { t } = useLingui()
  const operator = useOperator()
  const queryClient = useQueryClient()
  const [txHash, setTxHash] = useState('')
  const [reason, setReason] = useState('')
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['ops', 'withdrawals'] })
  const approve = useMutation({
    mutationFn: (hash: string | undefined) => opsCall(opsWithdrawalsApi.approve, { body: { id: w.id, ...(hash ? { txHash: hash } : {}) } }),
    onSuccess: (done) => {
      toast(done.status === 'paid' ? t`Withdrawal ${w.id} paid` : t`Withdrawal ${w.id} approved: a second operator confirms it`, 'success')
      return refresh()
    },
  })
  const reject = useMutation({
    mutationFn: () => opsCall(opsWithdrawalsApi.reject, { body: { id: w.id, reason: reason.trim() } }),
    onSuccess: () => {
      toast(t`Withdrawal ${w.id} rejected`, 'success')
      return refresh()
    },
  })
  const firstOfTwo = w.status === 'pending' && w.needsSecond
  const mine = w.status === 'awaiting_second' && w.firstOperator === operator.name
  const busy = approve.isPending || reject.isPending
  return (
    <div className="ops-form ops-withdrawal-decide">
      {mine ? (
        <p className="caption">
          <Trans>You approved it first: a second, different operator confirms it with the payout's hash.</Trans>
        </p>
      ) : firstOfTwo ? (
        <>
          <p className="caption">
            <Trans>Above the second-confirmation amount: approve it first, without a hash. Pay it out only after a second operator's confirmation.</Trans>
          </p>
          <Button onClick={() => approve.mutate(undefined)} loading={approve.isPending} disabled={busy} data-testid="withdrawal-approve-first">
            <Trans>Approve (first of two)</Trans>
          </Button>
        </>
      ) : (
        <form
          className="ops-form"
          onSubmit={(e) => {
            e.preventDefault()
            approve.mutate(txHash.trim())
          }}
        >
          <TextField
            label={t`Payout transaction hash`}
            hint={t`Send ${w.receive} ${w.currency} to the address above from the platform's wallet, then paste the transaction's hash.`}
            value={txHash}
            onChange={(e) => setTxHash(e.target.value)}
            spellCheck={false}
            autoComplete="off"
            data-testid="withdrawal-hash"
          />
          <Button type="submit" loading={approve.isPending} disabled={busy || txHash.trim() === ''} data-testid="withdrawal-approve">
            {w.status === 'awaiting_second' ? <Trans>Confirm as paid</Trans> : <Trans>Approve as paid</Trans>}
          </Button>
        </form>
      )}
      {approve.error && <ErrorState error={approve.error} compact />}
      <form
        className="ops-form"
        onSubmit={(e) => {
          e.preventDefault()
          reject.mutate()
        }}
      >
        <TextField
          label={t`Reason for rejecting (the user reads it)`}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          maxLength={500}
          data-testid="withdrawal-reason"
        />
        <Button type="submit" variant="danger" loading={reject.isPending} disabled={busy || reason.trim().length < 3} data-testid="withdrawal-reject">
          <Trans>Reject and unlock the funds</Trans>
        </Button>
      </form>
      {reject.error && <ErrorState error={reject.error} compact />}
    </div>
  )
}

function Row({ w }: { w: OpsWithdrawal }) {
  const { i18n } = useLingui()
  const open = w.status === 'pending' || w.status === 'awaiting_second'
  return (
    <li className="ops-audit-row" data-testid="ops-withdrawal" data-id={w.id}>
      <div className="ops-audit-head">
        <strong className="num">
          {w.amount} {w.currency}
        </strong>
        <StatusBadge w={w} />
        <span className="muted">#{w.id}</span>
        <span className="muted">{formatDateTime(w.createdAt, i18n.locale)}</span>
      </div>
      <dl className="ops-facts">
        <dt>
          <Trans>User</Trans>
        </dt>
        <dd className="mono">{w.user}</dd>
        <dt>
          <Trans>Network</Trans>
        </dt>
        <dd>{w.network}</dd>
        <dt>
          <Trans>To address</Trans>
        </dt>
        <dd className="mono">{w.address}</dd>
        <dt>
          <Trans>Fee</Trans>
        </dt>
        <dd className="num">{w.fee}</dd>
        <dt>
          <Trans>To send</Trans>
        </dt>
        <dd className="num">
          {w.receive} {w.currency}
        </dd>
        {w.firstOperator && (
          <>
            <dt>
              <Trans>First approval</Trans>
            </dt>
            <dd>{w.firstOperator}</dd>
          </>
        )}
        {w.decidedOperator && (
          <>
            <dt>
              <Trans>Decided by</Trans>
            </dt>
            <dd>{w.decidedOperator}</dd>
          </>
        )}
        {w.txHash && (
          <>
            <dt>
              <Trans>Transaction hash</Trans>
            </dt>
            <dd className="mono">
              {w.txHash} {w.chainChecked ? <Badge tone="up"><Trans>found on chain</Trans></Badge> : <Badge><Trans>not checked on chain</Trans></Badge>}
            </dd>
          </>
        )}
        {w.rejectReason && (
          <>
            <dt>
              <Trans>Reason</Trans>
            </dt>
            <dd>{w.rejectReason}</dd>
          </>
        )}
      </dl>
      {open && <Decide w={w} />}
    </li>
  )
}

export default function WithdrawalsPage() {
  const { t } = useLingui()
  return (
    <Queue<State, OpsWithdrawal>
      title={<Trans>Withdrawals</Trans>}
      label={t`Withdrawals`}
      tabsLabel={t`Show`}
      tabs={[
        { value: 'open', label: t`Waiting` },
        { value: 'done', label: t`Decided` },
      ]}
      name="withdrawals"
      size={SIZE}
      load={(state, page) => opsCall(opsWithdrawalsApi.list, { query: { state, page, size: SIZE } })}
      empty={(state) => (state === 'open' ? <Trans>No withdrawal is waiting</Trans> : <Trans>No withdrawal decided yet</Trans>)}
      row={(w) => <Row key={w.id} w={w} />}
    />
  )
}
