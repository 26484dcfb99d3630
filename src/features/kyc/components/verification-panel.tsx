// /profile/verification: the user's identity verification in each of its states. Not started and rejected show the
// form (rejected first says why, then offers to submit again with the fields kept); pending says the review takes up
// to 48 hours; verified says so. An operator's decision arrives by the socket (kyc_update), without a reload.
import { useState } from 'react'
import { Trans } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { KYC_REVIEW_HOURS, type KycStatus } from '#contract/kyc.ts'
import { useFormat } from '../../../lib/format.ts'
import { useSession } from '../../../lib/session.ts'
import { Badge } from '../../../components/ui/badge.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { EmptyState } from '../../../components/ui/empty-state.tsx'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { IconShield } from '../../../components/ui/icons.tsx'
import { SkeletonRows } from '../../../components/ui/skeleton.tsx'
import { kycQueries } from '../api.ts'
import { KycForm } from './kyc-form.tsx'
import '../kyc.css'

export function VerificationPanel() {
  const userId = useSession((s) => s.userId)
  const status = useQuery(kycQueries.status(userId))
  if (status.isError && !status.data) return <ErrorState error={status.error} onRetry={() => void status.refetch()} />
  if (!status.data) return <SkeletonRows rows={4} />
  return (
    <div className="kyc" data-testid="kyc-panel" data-state={status.data.state}>
      <Status status={status.data} />
    </div>
  )
}

function Status({ status }: { status: KycStatus }) {
  const f = useFormat()
  const [again, setAgain] = useState(false)
  switch (status.state) {
    case 'not_started':
      return <KycForm previous={null} />
    case 'pending':
      return (
        <EmptyState
          icon={<IconShield size={32} />}
          title={
            <>
              <Badge tone="warn" testId="kyc-state">
                <Trans>Pending review</Trans>
              </Badge>{' '}
              <Trans>We are checking your documents.</Trans>
            </>
          }
          body={
            <Trans>
              The review takes up to {KYC_REVIEW_HOURS} hours. You will get a message when it is done. Submitted{' '}
              {f.dateTime(status.submittedAt ?? 0)}.
            </Trans>
          }
        />
      )
    case 'verified':
      return (
        <EmptyState
          icon={<IconShield size={32} />}
          title={
            <Badge tone="up" testId="kyc-state">
              <Trans>Verified</Trans>
            </Badge>
          }
          body={<Trans>Your identity is verified. Everything that needs a verified identity is open to you.</Trans>}
        />
      )
    case 'rejected':
      if (again) return <KycForm previous={status.submission} />
      return (
        <EmptyState
          icon={<IconShield size={32} />}
          title={
            <Badge tone="down" testId="kyc-state">
              <Trans>Not accepted</Trans>
            </Badge>
          }
          body={
            <>
              <Trans>Your verification was not accepted. Reason:</Trans> <strong data-testid="kyc-reason">{status.rejectReason}</strong>
            </>
          }
          action={
            <Button onClick={() => setAgain(true)}>
              <Trans>Submit again</Trans>
            </Button>
          }
        />
      )
  }
}
