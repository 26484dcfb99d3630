// The user's financing orders on this book: each with its interest, what comes back at maturity and when, its status,
// and for a running one "Redeem early", whose confirm sheet shows exactly what comes back today.
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import type { FinancingOrder } from '#contract/financing.ts'
import { ConfirmSheet } from '../../../components/earn/sheet.tsx'
import { Figures, Money, localName, percentOf } from '../../../components/earn/figures.tsx'
import { Badge } from '../../../components/ui/badge.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { EmptyState } from '../../../components/ui/empty-state.tsx'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { SkeletonRows } from '../../../components/ui/skeleton.tsx'
import { useFormat } from '../../../lib/format.ts'
import { useSession } from '../../../lib/session.ts'
import { financingQueries, useEarlyRedeem } from '../api.ts'

function StatusBadge({ status }: { status: FinancingOrder['status'] }) {
  if (status === 'running') return <Badge tone="info" testId="fin-status"><Trans>Running</Trans></Badge>
  if (status === 'matured') return <Badge tone="up" testId="fin-status"><Trans>Matured</Trans></Badge>
  return <Badge tone="neutral" testId="fin-status"><Trans>Redeemed early</Trans></Badge>
}

function RedeemSheet({ order, onClose }: { order: FinancingOrder; onClose: () => void }) {
  const { t } = useLingui()
  const f = useFormat()
  const redeem = useEarlyRedeem()
  return (
    <ConfirmSheet
      testId="fin-redeem-confirm"
      title={t`Confirm early redemption`}
      items={[
        { label: <Trans>Amount</Trans>, value: <Money value={order.amount} currency={order.currency} /> },
        { label: <Trans>Early redemption damages</Trans>, value: <>{f.percent(percentOf(order.earlyShare))} · <Money value={order.earlyDamages} currency={order.currency} /></> },
        { label: <Trans>Interest paid</Trans>, value: <Money value={order.earlyInterest} currency={order.currency} />, testId: 'fin-redeem-interest' },
        { label: <Trans>You get back</Trans>, value: <Money value={order.earlyReturn} currency={order.currency} />, testId: 'fin-redeem-back' },
      ]}
      confirmLabel={<Trans>Redeem early</Trans>}
      mutation={redeem}
      // The amount shown goes with the request: if a day turned since, the server answers 409 and nothing moves.
      body={{ id: order.id, expected: order.earlyReturn }}
      done={t`Redeemed early`}
      onClose={onClose}
    />
  )
}

export function MyOrders() {
  const { t } = useLingui()
  const f = useFormat()
  const userId = useSession((s) => s.userId)
  const mine = useQuery(financingQueries.mine(userId))
  const [redeeming, setRedeeming] = useState<FinancingOrder | null>(null)
  let body
  if (mine.isPending) body = <SkeletonRows rows={3} />
  else if (!mine.data) body = <ErrorState error={mine.error} onRetry={() => void mine.refetch()} />
  else if (mine.data.list.length === 0) body = <EmptyState title={<Trans>You have no financing on this account yet</Trans>} />
  else
    body = (
      <ul className="earn-list" data-testid="fin-mine">
        {mine.data.list.map((order) => (
          <li key={order.id} className="earn-item" data-testid={`fin-order-${order.id}`}>
            <div className="earn-item-head">
              <h3 className="earn-name">{localName(order.names, f.locale)}</h3>
              <StatusBadge status={order.status} />
            </div>
            <Figures
              items={[
                { label: <Trans>Amount</Trans>, value: <Money value={order.amount} currency={order.currency} /> },
                { label: <Trans>Interest for the term</Trans>, value: <Money value={order.interest} currency={order.currency} /> },
                { label: <Trans>Back at maturity</Trans>, value: <Money value={order.totalAtMaturity} currency={order.currency} />, testId: 'fin-mine-total' },
                { label: <Trans>Days run</Trans>, value: `${order.daysRun} / ${order.days}` },
                { label: <Trans>Start</Trans>, value: f.dateTime(order.start, 'date') },
                { label: <Trans>Maturity</Trans>, value: f.dateTime(order.maturesAt, 'date') },
                ...(order.status === 'running'
                  ? [{ label: <Trans>Early redemption today gives back</Trans>, value: <Money value={order.earlyReturn} currency={order.currency} />, testId: 'fin-mine-early' }]
                  : []),
                ...(order.returned === null ? [] : [{ label: <Trans>Returned</Trans>, value: <Money value={order.returned} currency={order.currency} />, testId: 'fin-returned' }]),
              ]}
            />
            {order.status === 'running' && order.daysRun < order.days && (
              <Button variant="secondary" block onClick={() => setRedeeming(order)} data-testid="fin-redeem">
                <Trans>Redeem early</Trans>
              </Button>
            )}
          </li>
        ))}
      </ul>
    )
  return (
    <Card title={t`My financing`} titleId="fin-mine-title">
      {body}
      {redeeming && <RedeemSheet order={redeeming} onClose={() => setRedeeming(null)} />}
    </Card>
  )
}
