// A loan's agreement PDF in the console (its file through useOpsBlobUrl), with a link that opens or saves it.
import { Trans, useLingui } from '@lingui/react/macro'
import { opsLoanAgreementPath } from '#contract/ops-loans.ts'
import { useOpsBlobUrl } from '../../components/use-ops-blob-url.ts'

export function OpsAgreement({ id }: { id: string }) {
  const { t } = useLingui()
  const { url, failed } = useOpsBlobUrl(opsLoanAgreementPath(id))
  if (failed) {
    return (
      <p className="error-text">
        <Trans>The agreement could not be loaded.</Trans>
      </p>
    )
  }
  if (!url) return <p className="muted">…</p>
  return (
    <div className="ops-form" data-testid="ops-loan-agreement">
      <iframe src={url} title={t`Loan agreement ${id}`} className="ops-loan-agreement" />
      <a href={url} download={`loan-agreement-${id}.pdf`} className="link">
        <Trans>Download the agreement (PDF)</Trans>
      </a>
    </div>
  )
}
