// The agreement PDF inside the app: fetched with the user's token (fetchAgreement) and shown from a blob URL, released
// when it leaves the screen, with a link that opens or saves the same file.
import { useQuery } from '@tanstack/react-query'
import { useEffect, useMemo } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { buttonClass } from '../../../components/ui/button.tsx'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { SkeletonRows } from '../../../components/ui/skeleton.tsx'
import { useSession } from '../../../lib/session.ts'
import { loanQueries } from '../api.ts'

export function AgreementView({ id, version }: { id: string; version: number | null }) {
  const { t } = useLingui()
  const userId = useSession((s) => s.userId)
  const pdf = useQuery(loanQueries.agreement(userId, id, version))
  const url = useMemo(() => (pdf.data ? URL.createObjectURL(pdf.data) : null), [pdf.data])
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url])
  if (pdf.isError) return <ErrorState error={pdf.error} onRetry={() => void pdf.refetch()} compact />
  if (!url) return <SkeletonRows rows={3} />
  return (
    <div className="loan-agreement" data-testid="loan-agreement">
      <iframe src={url} title={t`Loan agreement`} className="loan-agreement-frame" />
      <a href={url} download={`loan-agreement-${id}.pdf`} className={buttonClass('secondary')} data-testid="loan-agreement-download">
        <Trans>Download the agreement (PDF)</Trans>
      </a>
    </div>
  )
}
