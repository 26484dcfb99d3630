// A user's picture in the console (its file through useOpsBlobUrl); the link opens it full size.
import { Trans, useLingui } from '@lingui/react/macro'
import { opsUploadPath } from '#contract/ops-kyc.ts'
import { useOpsBlobUrl } from '../../components/use-ops-blob-url.ts'

export function OpsPhoto({ id, label }: { id: string; label: string }) {
  const { t } = useLingui()
  const { url, failed } = useOpsBlobUrl(opsUploadPath(id))
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
