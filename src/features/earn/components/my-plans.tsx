// The user's plans on this book: each with today's earnings, the total so far, its days and status, and for a
// running one "Exit early", whose confirm sheet shows exactly what comes back (the principal less the damages).
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import type { SmartOrder } from '#contract/earn.ts'
import { ConfirmSheet } from '../../../components/earn/sheet.tsx'
import { Money, localName, percentOf } from '../../../components/earn/figures.tsx'
import { EarnItem, HoldingsCard } from '../../../components/earn/list.tsx'
import { Badge } from '../../../components/ui/badge.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { useFormat } from '../../../lib/format.ts'
import { useSession } from '../../../lib/session.ts'
import { earnQueries, useCancelKeepProd } from '../api.ts'

function StatusBadge({ status }: { status: SmartOrder['status'] }) {
  if (status === 'running') return <Badge tone="info" testId="earn-status"><Trans>Running</Trans></Badge>
  if (status === 'success') return <Badge tone="up" testId="earn-status"><Trans>Success</Trans></Badge>
  return <Badge tone="neutral" testId="earn-status"><Trans>Early exit</Trans></Badge>
}

function ExitSheet({ order, onClose }: { order: SmartOrder; onClose: () => void }) {
  const { t } = useLingui()
  const f = useFormat()
  const cancel = useCancelKeepProd()
  return (
    <ConfirmSheet
      testId="earn-exit-confirm"
      title={t`Confirm early exit`}
      items={[
        { label: <Trans>Amount</Trans>, value: <Money value={order.amount} currency={order.currency} /> },
        { label: <Trans>Early exit damages</Trans>, value: <>{f.percent(percentOf(order.exitShare))} · <Money value={order.exitDamages} currency={order.currency} /></> },
        { label: <Trans>You get back</Trans>, value: <Money value={order.exitReturn} currency={order.currency} />, testId: 'earn-exit-back' },
      ]}
      caption={<Trans>Earnings already credited stay yours; no more earnings are paid after you leave.</Trans>}
      confirmLabel={<Trans>Exit early</Trans>}
      mutation={cancel}
      body={{ id: order.id }}
      done={t`You left the plan early`}
      onClose={onClose}
    />
  )
}

export function MyPlans() {
  const { t } = useLingui()
  const f = useFormat()
  const userId = useSession((s) => s.userId)
  const mine = useQuery(earnQueries.mine(userId))
  const [leaving, setLeaving] = useState<SmartOrder | null>(null)
  return (
    <HoldingsCard
      title={t`My plans`}
      titleId="earn-mine-title"
      query={mine}
      empty={<Trans>You have no plans on this account yet</Trans>}
      testId="earn-mine"
      item={(order) => (
        <EarnItem
          key={order.id}
          testId={`earn-order-${order.id}`}
          name={localName(order.names, f.locale)}
          badges={<StatusBadge status={order.status} />}
          figures={[
            { label: <Trans>Amount</Trans>, value: <Money value={order.amount} currency={order.currency} /> },
            { label: <Trans>Daily earnings</Trans>, value: <Money value={order.daily} currency={order.currency} /> },
            { label: <Trans>Today's earnings</Trans>, value: <Money value={order.todayEarnings} currency={order.currency} />, testId: 'earn-today' },
            { label: <Trans>Total revenue</Trans>, value: <Money value={order.totalRevenue} currency={order.currency} />, testId: 'earn-revenue' },
            { label: <Trans>Days run</Trans>, value: `${order.runDays} / ${order.days}` },
            { label: <Trans>Start</Trans>, value: f.dateTime(order.start, 'date') },
            { label: <Trans>Expiration</Trans>, value: f.dateTime(order.expiresAt, 'date') },
            ...(order.returned === null ? [] : [{ label: <Trans>Returned</Trans>, value: <Money value={order.returned} currency={order.currency} />, testId: 'earn-returned' }]),
          ]}
        >
          {order.status === 'running' && (
            <Button variant="secondary" block onClick={() => setLeaving(order)} data-testid="earn-exit">
              <Trans>Exit early</Trans>
            </Button>
          )}
        </EarnItem>
      )}
    >
      {leaving && <ExitSheet order={leaving} onClose={() => setLeaving(null)} />}
    </HoldingsCard>
  )
}
