// A user's picture in the console. It is fetched with the operator's token (an <img src> cannot carry one) and shown
// from a blob URL, released when the photo leaves the screen; the link opens it full size.
import { useEffect, useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { opsUploadPath } from '#contract/ops-kyc.ts'
import { getOpsSession } from '../../session.ts'

export function OpsPhoto({ id, label }: { id: string; label: string }) {
  const { t } = useLingui()
  const [url, setUrl] = useState<string | null>(null)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    const controller = new AbortController()
    let objectUrl: string | null = null
    const token = getOpsSession()?.token
    fetch(opsUploadPath(id), { headers: token ? { Authorization: `Bearer ${token}` } : {}, signal: controller.signal })
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
  return (
    <figure className="ops-kyc-photo">
      <figcaption className="muted">{label}</figcaption>
      {url ? (
        <a href={url} target="_blank" rel="noreferrer">
          <img src={url} alt={t`Photo: ${label}`} />
        </a>
      ) : failed ? (
        <p className="error-text">
          <Trans>The photo could not be loaded.</Trans>
        </p>
      ) : (
        <div className="skeleton ops-kyc-photo-wait" aria-busy="true" />
      )}
    </figure>
  )
}
