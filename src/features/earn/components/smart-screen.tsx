// /smart: the Smart trading plans on offer on the user's current book (the Demo/Live badge says which), the buy
// sheet, and the user's own plans. Signed out, it says what the page is and asks to sign in.
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import type { SmartPlan } from '#contract/earn.ts'
import { EarnScreen } from '../../../components/earn/screen.tsx'
import { buttonClass } from '../../../components/ui/button.tsx'
import { useSession } from '../../../lib/session.ts'
import { earnQueries } from '../api.ts'
import { BuySheet } from './buy-sheet.tsx'
import { MyPlans } from './my-plans.tsx'
import { PlanList } from './plan-list.tsx'

export function SmartScreen() {
  const { t } = useLingui()
  const userId = useSession((s) => s.userId)
  const token = useSession((s) => s.token)
  const plans = useQuery(earnQueries.plans(token ? userId : null))
  const [buying, setBuying] = useState<SmartPlan | null>(null)
  return (
    <EarnScreen
      title={t`Smart Trading`}
      testId="earn"
      lead={
        <Trans>
          Smart plans pay a fixed daily yield on your amount for a fixed number of days, then return the amount. Every
          yield is paid from the platform's funded reserve: a plan is sold only while the reserve can pay it in full.
        </Trans>
      }
      more={
        // Financing (src/features/financing): fixed-term products paid from the same reserve.
        <Link to="/smart/financing" className={buttonClass('secondary')} data-testid="earn-financing-link">
          <Trans>Fixed-term financing</Trans>
        </Link>
      }
      query={token ? plans : null}
      signIn={<Trans>Sign in to see the plans and buy one</Trans>}
      offers={(data) => <PlanList plans={data.plans} onBuy={setBuying} />}
    >
      <MyPlans />
      {buying && <BuySheet plan={buying} onClose={() => setBuying(null)} />}
    </EarnScreen>
  )
}
