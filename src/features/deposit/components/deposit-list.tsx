// The user's deposits, newest first: pending with "n of m confirmations" (moving live with deposit_update), waiting
// for review, credited, or rejected with the operator's reason (or the server's, when the transfer's proven sender
// claimed it).
import { useQuery } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import type { Deposit } from '#contract/deposits.ts'
import { Amount } from '../../../components/ui/amount.tsx'
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { EmptyState } from '../../../components/ui/empty-state.tsx'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { SkeletonRows } from '../../../components/ui/skeleton.tsx'
import { useFormat } from '../../../lib/format.ts'
import { useSession } from '../../../lib/session.ts'
import { depositQueries } from '../api.ts'

const TONES: Record<Deposit['status'], BadgeTone> = { pending: 'warn', review: 'info', credited: 'up', rejected: 'down' }
const decimalsOf = (value: string) => Math.max(2, /\.(\d+)$/.exec(value)?.[1]?.length ?? 0)

function Status({ d }: { d: Deposit }) {
  const { t } = useLingui()
  const { confirmations, confirmationsNeeded } = d
  const label =
    d.status === 'pending'
      ? t({ message: `Pending, ${confirmations} of ${confirmationsNeeded} confirmations`, context: 'deposit state' })
      : d.status === 'review'
        ? t({ message: 'Waiting for review', context: 'deposit state' })
        : d.status === 'credited'
          ? t({ message: 'Credited', context: 'deposit state' })
          : t({ message: 'Rejected', context: 'deposit state' })
  return <Badge tone={TONES[d.status]} testId="deposit-status">{label}</Badge>
}

/** Words for what the server decided on its own about a transfer claimed twice (CheckProblem in the contract). */
function useClaimNote(d: Deposit): string | null {
  const { t } = useLingui()
  const problems = d.check?.problems ?? []
  if (problems.includes('senderClaimed')) return t`The address that sent this transfer belongs to another account, which claimed it`
  if (problems.includes('creditedToOther')) return t`This transfer was already credited to another account's claim. An operator will decide.`
  return null
}

function Item({ d }: { d: Deposit }) {
  const f = useFormat()
  const note = useClaimNote(d)
  const reason = d.rejectReason ?? (d.status === 'rejected' ? note : null)
  return (
    <li className="deposit-item" data-testid="deposit-item" data-status={d.status}>
      <div className="deposit-item-head">
        <Amount value={d.amount} currency={d.currency} digits={decimalsOf(d.amount)} />
        <Status d={d} />
      </div>
      <dl className="deposit-terms">
        <dt>
          <Trans>Time</Trans>
        </dt>
        <dd>{f.dateTime(d.createdAt)}</dd>
        <dt>
          <Trans>Transaction hash</Trans>
        </dt>
        <dd className="mono deposit-hash">{d.txHash}</dd>
        {reason && (
          <>
            <dt>
              <Trans>Reason</Trans>
            </dt>
            <dd className="deposit-reason">{reason}</dd>
          </>
        )}
        {d.status === 'review' && note && (
          <>
            <dt>
              <Trans>Note</Trans>
            </dt>
            <dd className="deposit-reason">{note}</dd>
          </>
        )}
      </dl>
    </li>
  )
}

export function DepositList() {
  const userId = useSession((s) => s.userId)
  const { data, error, isPending, refetch } = useQuery(depositQueries.mine(userId))
  return (
    <Card title={<Trans>Your deposits</Trans>} titleId="deposit-list-title">
      {isPending ? (
        <SkeletonRows rows={2} />
      ) : !data ? (
        <ErrorState error={error} onRetry={() => void refetch()} compact />
      ) : data.list.length === 0 ? (
        <EmptyState title={<Trans>No deposits yet</Trans>} />
      ) : (
        <ul className="deposit-list" data-testid="deposit-list">
          {data.list.map((d) => (
            <Item key={d.id} d={d} />
          ))}
        </ul>
      )}
    </Card>
  )
}
