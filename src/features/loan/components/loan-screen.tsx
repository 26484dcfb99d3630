// /loan: for a verified user, the loan form (every number before anything is sent) and their loans; for anyone else
// the product's 'perform KYC certification' with a button to the verification.
import type { ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { buttonClass } from '../../../components/ui/button.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { EmptyState } from '../../../components/ui/empty-state.tsx'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { IconShield } from '../../../components/ui/icons.tsx'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { SkeletonRows } from '../../../components/ui/skeleton.tsx'
import { useSession } from '../../../lib/session.ts'
import { loanQueries } from '../api.ts'
import { LoanCard } from './loan-card.tsx'
import { LoanForm } from './loan-form.tsx'
import '../loan.css'

function Loans() {
  const userId = useSession((s) => s.userId)
  const list = useQuery(loanQueries.list(userId))
  if (list.isError && !list.data) return <ErrorState error={list.error} onRetry={() => void list.refetch()} />
  if (!list.data) return <SkeletonRows rows={3} />
  if (list.data.list.length === 0) return <EmptyState title={<Trans>You have no loans yet</Trans>} />
  return (
    <div className="loan-list" data-testid="loan-list">
      {list.data.list.map((loan) => (
        <LoanCard key={`${loan.id}:${loan.status}`} loan={loan} />
      ))}
    </div>
  )
}

/** Signed out, the screen keeps its title above the ways in (the route's `signedOut`). */
export function LoanScreenSignedOut({ children }: { children: ReactNode }) {
  const { t } = useLingui()
  return (
    <article className="loan-screen" data-testid="loan-screen-signed-out">
      <PageHeader title={t`Loans`} />
      {children}
    </article>
  )
}

export function LoanScreen() {
  const { t } = useLingui()
  const userId = useSession((s) => s.userId)
  const terms = useQuery(loanQueries.terms(userId))
  return (
    <article className="loan-screen" data-testid="loan-screen">
      <PageHeader title={t`Loans`} />
      {terms.isError && !terms.data ? (
        <ErrorState error={terms.error} onRetry={() => void terms.refetch()} />
      ) : !terms.data ? (
        <Card>
          <SkeletonRows rows={4} />
        </Card>
      ) : !terms.data.verified ? (
        <Card>
          <EmptyState
            icon={<IconShield size={28} />}
            title={<Trans>perform KYC certification</Trans>}
            body={<Trans>Loans are for verified identities. Verify yours once; the review takes up to 48 hours.</Trans>}
            action={
              <Link to="/profile/{-$type}" params={{ type: 'verification' }} className={buttonClass('primary')} data-testid="loan-kyc">
                <Trans>Verify my identity</Trans>
              </Link>
            }
          />
        </Card>
      ) : (
        <>
          <LoanForm terms={terms.data} />
          <Loans />
        </>
      )}
    </article>
  )
}
