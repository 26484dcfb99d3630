// /smart: the Smart trading plans on offer on the user's current book (the Demo/Live badge says which), the buy
// sheet, and the user's own plans. Signed out, it says what the page is and asks to sign in.
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import type { SmartPlan } from '#contract/earn.ts'
import { BookLabel } from '../../../components/ui/book-badge.tsx'
import { buttonClass } from '../../../components/ui/button.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { EmptyState } from '../../../components/ui/empty-state.tsx'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { SkeletonRows } from '../../../components/ui/skeleton.tsx'
import { useSession } from '../../../lib/session.ts'
import { earnQueries } from '../api.ts'
import { BuySheet } from './buy-sheet.tsx'
import { MyPlans } from './my-plans.tsx'
import { PlanList } from './plan-list.tsx'
import '../../../components/earn/earn.css'

export function SmartScreen() {
  const { t } = useLingui()
  const userId = useSession((s) => s.userId)
  const token = useSession((s) => s.token)
  const plans = useQuery(earnQueries.plans(token ? userId : null))
  const [buying, setBuying] = useState<SmartPlan | null>(null)
  const lead = (
    <p className="earn-lead">
      <Trans>
        Smart plans pay a fixed daily yield on your amount for a fixed number of days, then return the amount. Every
        yield is paid from the platform's funded reserve: a plan is sold only while the reserve can pay it in full.
      </Trans>
    </p>
  )
  if (!token) {
    return (
      <article className="earn-screen">
        <PageHeader title={t`Smart Trading`} />
        <Card>
          {lead}
          <EmptyState title={<Trans>Sign in to see the plans and buy one</Trans>} />
        </Card>
      </article>
    )
  }
  return (
    <article className="earn-screen" data-testid="earn-screen">
      <PageHeader title={t`Smart Trading`} actions={plans.data ? <BookLabel book={plans.data.book} testId="earn-book" /> : undefined} />
      <Card>
        {lead}
        {/* Financing (src/features/financing): fixed-term products paid from the same reserve. */}
        <Link to="/smart/financing" className={buttonClass('secondary')} data-testid="earn-financing-link">
          <Trans>Fixed-term financing</Trans>
        </Link>
      </Card>
      {plans.isPending ? (
        <Card>
          <SkeletonRows rows={4} />
        </Card>
      ) : !plans.data ? (
        <Card>
          <ErrorState error={plans.error} onRetry={() => void plans.refetch()} />
        </Card>
      ) : (
        <PlanList plans={plans.data.plans} onBuy={setBuying} />
      )}
      <MyPlans />
      {buying && <BuySheet plan={buying} onClose={() => setBuying(null)} />}
    </article>
  )
}
