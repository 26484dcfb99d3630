// Identity reviews: the pending submissions, oldest first, each with the form's fields and its three photos; approve,
// or reject with the reason the user will read. Reviewed ones (verified, rejected) stay listable. Compliance and admin
// only; the server checks every call and writes each decision to the audit log.
import { useState } from 'react'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import { KYC_REASON_MAX, KYC_REVIEWERS, opsKycApi, type KycReview } from '#contract/ops-kyc.ts'
import { Badge } from '../../../components/ui/badge.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { EmptyState } from '../../../components/ui/empty-state.tsx'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { TextAreaField } from '../../../components/ui/field.tsx'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { Segmented } from '../../../components/ui/segmented.tsx'
import { SkeletonRows } from '../../../components/ui/skeleton.tsx'
import { toast } from '../../../components/ui/toast.tsx'
import { formatDateTime } from '../../../lib/format.ts'
import { ApiError } from '../../../lib/api.ts'
import { opsCall } from '../../api.ts'
import { Pager } from '../../components/pager.tsx'
import { operatorMay, useOperator } from '../../session.ts'
import { OpsPhoto } from './ops-photo.tsx'
import './kyc.css'

const SIZE = 10
type Tab = 'pending' | 'verified' | 'rejected'

export default function KycPage() {
  const { t } = useLingui()
  const [state, setState] = useState<Tab>('pending')
  const [page, setPage] = useState(1)
  const query = useQuery({
    queryKey: ['ops', 'kyc', state, page],
    queryFn: () => opsCall(opsKycApi.reviews, { query: { state, page, size: SIZE } }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  })
  return (
    <>
      <PageHeader title={<Trans>Identity reviews</Trans>} />
      <div className="ops-filter">
        <Segmented
          label={t`Show`}
          value={state}
          onChange={(next) => {
            setState(next)
            setPage(1)
          }}
          options={[
            { value: 'pending', label: t`Waiting` },
            { value: 'verified', label: t`Approved` },
            { value: 'rejected', label: t`Rejected` },
          ]}
        />
      </div>
      {query.isPending ? (
        <SkeletonRows rows={6} />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.list.length === 0 ? (
        <EmptyState title={state === 'pending' ? <Trans>No identity waits for review</Trans> : <Trans>Nothing here yet</Trans>} />
      ) : (
        <div className="ops-kyc-list">
          {query.data.list.map((review) => (
            <ReviewCard key={review.id} review={review} />
          ))}
        </div>
      )}
      {query.data && <Pager page={page} size={SIZE} total={query.data.total} onPage={setPage} />}
    </>
  )
}

function ReviewCard({ review }: { review: KycReview }) {
  const { t, i18n } = useLingui()
  const operator = useOperator()
  const queryClient = useQueryClient()
  const [rejecting, setRejecting] = useState(false)
  const [reason, setReason] = useState('')
  const [reasonError, setReasonError] = useState<string | undefined>()
  const done = () => void queryClient.invalidateQueries({ queryKey: ['ops', 'kyc'] })
  const failed = (error: Error) => toast(error instanceof ApiError ? error.message : t`Something went wrong. Please try again.`, 'error')
  const approve = useMutation({
    mutationFn: () => opsCall(opsKycApi.approve, { body: { id: review.id } }),
    onSuccess: () => {
      toast(t`Approved: ${review.firstName} ${review.lastName}`, 'success')
      done()
    },
    onError: failed,
  })
  const reject = useMutation({
    mutationFn: (text: string) => opsCall(opsKycApi.reject, { body: { id: review.id, reason: text } }),
    onSuccess: () => {
      toast(t`Rejected: ${review.firstName} ${review.lastName}`, 'success')
      done()
    },
    onError: failed,
  })
  const country = new Intl.DisplayNames([i18n.locale], { type: 'region' }).of(review.country) ?? review.country
  const sendReject = () => {
    const text = reason.trim()
    if (text === '') return setReasonError(t`Write the reason the user will read`)
    setReasonError(undefined)
    reject.mutate(text)
  }
  const mayDecide = review.state === 'pending' && operatorMay(operator, KYC_REVIEWERS)
  const titleId = `kyc-${review.id}`
  return (
    <Card title={`${review.firstName} ${review.lastName}`} titleId={titleId} actions={<StateBadge state={review.state} />}>
      <div className="ops-kyc-body" data-testid="ops-kyc-review">
        <dl className="ops-kyc-fields">
          <dt>
            <Trans>Account</Trans>
          </dt>
          <dd className="mono">{review.account ?? review.userId}</dd>
          <dt>
            <Trans>Sex</Trans>
          </dt>
          <dd>{review.sex === 'male' ? t`Male` : t`Female`}</dd>
          <dt>
            <Trans>Date of birth</Trans>
          </dt>
          <dd className="num">{review.birthdate}</dd>
          <dt>
            <Trans>Country</Trans>
          </dt>
          <dd>{country}</dd>
          <dt>
            <Trans>Address</Trans>
          </dt>
          <dd>{review.address}</dd>
          <dt>
            <Trans>Phone</Trans>
          </dt>
          <dd className="num">{review.phone}</dd>
          <dt>
            <Trans>Document</Trans>
          </dt>
          <dd>{review.documentType === 'passport' ? t`Passport` : t`ID card`}</dd>
          <dt>
            <Trans>Submitted</Trans>
          </dt>
          <dd className="num">{formatDateTime(review.submittedAt, i18n.locale)}</dd>
          {review.reviewedBy && (
            <>
              <dt>
                <Trans>Reviewed by</Trans>
              </dt>
              <dd>
                {review.reviewedBy}
                {review.reviewedAt ? `, ${formatDateTime(review.reviewedAt, i18n.locale)}` : ''}
              </dd>
            </>
          )}
          {review.rejectReason && (
            <>
              <dt>
                <Trans>Reason</Trans>
              </dt>
              <dd>{review.rejectReason}</dd>
            </>
          )}
        </dl>
        <div className="ops-kyc-photos">
          <OpsPhoto id={review.frontImage} label={review.documentType === 'passport' ? t`Photo page` : t`Front`} />
          <OpsPhoto id={review.backImage} label={review.documentType === 'passport' ? t`Signature page` : t`Back`} />
          <OpsPhoto id={review.holdingImage} label={t`Holding the document`} />
        </div>
        {mayDecide &&
          (rejecting ? (
            <div className="ops-kyc-reject">
              <TextAreaField
                label={t`Reason for the user`}
                hint={t`The user reads this and can submit again.`}
                rows={3}
                maxLength={KYC_REASON_MAX}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                error={reasonError}
              />
              <div className="button-row">
                <Button variant="secondary" onClick={() => setRejecting(false)}>
                  <Trans>Cancel</Trans>
                </Button>
                <Button variant="danger" onClick={sendReject} loading={reject.isPending}>
                  <Trans>Reject</Trans>
                </Button>
              </div>
            </div>
          ) : (
            <div className="button-row">
              <Button variant="secondary" onClick={() => setRejecting(true)} disabled={approve.isPending}>
                <Trans>Reject…</Trans>
              </Button>
              <Button onClick={() => approve.mutate()} loading={approve.isPending}>
                <Trans>Approve</Trans>
              </Button>
            </div>
          ))}
      </div>
    </Card>
  )
}

function StateBadge({ state }: { state: KycReview['state'] }) {
  if (state === 'verified')
    return (
      <Badge tone="up">
        <Trans>Approved</Trans>
      </Badge>
    )
  if (state === 'rejected')
    return (
      <Badge tone="down">
        <Trans>Rejected</Trans>
      </Badge>
    )
  return (
    <Badge tone="warn">
      <Trans>Waiting</Trans>
    </Badge>
  )
}
