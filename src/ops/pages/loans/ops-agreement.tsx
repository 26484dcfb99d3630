// A loan's agreement PDF in the console: fetched with the operator's token (an <iframe src> cannot carry one), shown
// from a blob URL released when it leaves the screen, with a link that opens or saves the same file.
import { useEffect, useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { opsLoanAgreementPath } from '#contract/ops-loans.ts'
import { getOpsSession } from '../../session.ts'

export function OpsAgreement({ id }: { id: string }) {
  const { t } = useLingui()
  const [url, setUrl] = useState<string | null>(null)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    const controller = new AbortController()
    let objectUrl: string | null = null
    const token = getOpsSession()?.token
    fetch(opsLoanAgreementPath(id), { headers: token ? { Authorization: `Bearer ${token}` } : {}, signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) throw new Error(String(response.status))
        objectUrl = URL.createObjectURL(await response.blob())
        setUrl(objectUrl)
      })
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true)
      })
    return () => {
      controller.abort()
      if (objectUrl) URL.revokeObjectURL(objectUrl)
    }
  }, [id])
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
