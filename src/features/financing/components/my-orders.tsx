// The user's financing orders on this book: each with its interest, what comes back at maturity and when, its status,
// and for a running one "Redeem early", whose confirm sheet shows exactly what comes back today.
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import type { FinancingOrder } from '#contract/financing.ts'
import { ConfirmSheet } from '../../../components/earn/sheet.tsx'
import { Money, localName, percentOf } from '../../../components/earn/figures.tsx'
import { EarnItem, HoldingsCard } from '../../../components/earn/list.tsx'
import { Badge } from '../../../components/ui/badge.tsx'
import { Button } from '../../../components/ui/button.tsx'
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
  return (
    <HoldingsCard
      title={t`My financing`}
      titleId="fin-mine-title"
      query={mine}
      empty={<Trans>You have no financing on this account yet</Trans>}
      testId="fin-mine"
      item={(order) => (
        <EarnItem
          key={order.id}
          testId={`fin-order-${order.id}`}
          name={localName(order.names, f.locale)}
          badges={<StatusBadge status={order.status} />}
          figures={[
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
        >
          {order.status === 'running' && order.daysRun < order.days && (
            <Button variant="secondary" block onClick={() => setRedeeming(order)} data-testid="fin-redeem">
              <Trans>Redeem early</Trans>
            </Button>
          )}
        </EarnItem>
      )}
    >
      {redeeming && <RedeemSheet order={redeeming} onClose={() => setRedeeming(null)} />}
    </HoldingsCard>
  )
}
