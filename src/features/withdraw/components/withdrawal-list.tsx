// The user's withdrawals, newest first, each with its state: pending review, awaiting a second confirmation, paid
// (with the payout's transaction hash) or rejected (with the operator's reason).
import { useQuery } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import type { Withdrawal, WithdrawStatus } from '#contract/withdrawals.ts'
import { Amount } from '../../../components/ui/amount.tsx'
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { EmptyState } from '../../../components/ui/empty-state.tsx'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { SkeletonRows } from '../../../components/ui/skeleton.tsx'
import { useFormat } from '../../../lib/format.ts'
import { useSession } from '../../../lib/session.ts'
import { withdrawQueries } from '../api.ts'

const TONES: Record<WithdrawStatus, BadgeTone> = { pending: 'warn', awaiting_second: 'warn', paid: 'up', rejected: 'down' }
const decimalsOf = (value: string) => Math.max(2, /\.(\d+)$/.exec(value)?.[1]?.length ?? 0)

function StatusBadge({ status }: { status: WithdrawStatus }) {
  const { t } = useLingui()
  const labels: Record<WithdrawStatus, string> = {
    pending: t({ message: 'Pending review', context: 'withdrawal state' }),
    awaiting_second: t({ message: 'Awaiting second confirmation', context: 'withdrawal state' }),
    paid: t({ message: 'Paid', context: 'withdrawal state' }),
    rejected: t({ message: 'Rejected', context: 'withdrawal state' }),
  }
  return <Badge tone={TONES[status]}>{labels[status]}</Badge>
}

function Item({ w }: { w: Withdrawal }) {
  const f = useFormat()
  return (
    <li className="withdrawal" data-testid="withdrawal-item" data-status={w.status}>
      <div className="withdrawal-head">
        <Amount value={w.amount} currency={w.currency} digits={decimalsOf(w.amount)} />
        <StatusBadge status={w.status} />
      </div>
      <dl className="withdraw-figures">
        <dt>
          <Trans>Asked</Trans>
        </dt>
        <dd>{f.dateTime(w.createdAt)}</dd>
        <dt>
          <Trans>Fee</Trans>
        </dt>
        <dd>
          <Amount value={w.fee} digits={decimalsOf(w.fee)} />
        </dd>
        <dt>
          <Trans>Amount that arrives</Trans>
        </dt>
        <dd>
          <Amount value={w.receive} digits={decimalsOf(w.receive)} />
        </dd>
        <dt>
          <Trans>To address</Trans>
        </dt>
        <dd className="withdraw-address">{w.address}</dd>
        {w.txHash && (
          <>
            <dt>
              <Trans>Transaction hash</Trans>
            </dt>
            <dd className="withdraw-address" data-testid="withdrawal-tx">
              {w.txHash}
            </dd>
          </>
        )}
        {w.rejectReason && (
          <>
            <dt>
              <Trans>Reason</Trans>
            </dt>
            <dd className="withdrawal-reason">{w.rejectReason}</dd>
          </>
        )}
      </dl>
    </li>
  )
}

export function WithdrawalList() {
  const { t } = useLingui()
  const userId = useSession((s) => s.userId)
  const { data, error, isPending, refetch } = useQuery(withdrawQueries.list(userId, 1))
  return (
    <Card title={t`Your withdrawals`} titleId="withdrawals-title">
      {isPending ? (
        <SkeletonRows rows={3} />
      ) : !data ? (
        <ErrorState error={error} onRetry={() => void refetch()} />
      ) : data.list.length === 0 ? (
        <EmptyState title={<Trans>No withdrawals yet</Trans>} />
      ) : (
        <ul className="withdrawal-list" data-testid="withdrawal-list">
          {data.list.map((w) => (
            <Item key={w.id} w={w} />
          ))}
        </ul>
      )}
    </Card>
  )
}
