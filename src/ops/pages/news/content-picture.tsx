// A picture for an article, uploaded from the console (POST /api/ops/contentImage: re-encoded, no metadata kept):
// the cover, or one put into the body as Markdown. Drafts' pictures are not public yet, so the console shows them
// from its own route with the operator's token (OpsPhoto), never from the readers' address.
import { useId, useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { opsContentImageApi, type ContentImage } from '#contract/ops-news.ts'
import { UPLOAD_ACCEPT } from '#contract/uploads.ts'
import { Button } from '../../../components/ui/button.tsx'
import { ApiError } from '../../../lib/api.ts'
import { opsCall } from '../../api.ts'
import { OpsPhoto } from '../kyc/ops-photo.tsx'

function useUpload(onUploaded: (picture: ContentImage) => void) {
  const { t } = useLingui()
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const send = async (file: File) => {
    setBusy(true)
    setProblem(null)
    try {
      const form = new FormData()
      form.append('file', file, file.name)
      onUploaded(await opsCall(opsContentImageApi.upload, { form }))
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : t`The picture could not be uploaded. Try again.`)
    } finally {
      setBusy(false)
    }
  }
  return { busy, problem, send }
}

function PictureInput({ label, busy, onFile, testId }: { label: string; busy: boolean; onFile: (file: File) => void; testId: string }) {
  const id = useId()
  return (
    <div className="field">
      <label htmlFor={id} className="field-label">{label}</label>
      <input
        id={id}
        type="file"
        accept={UPLOAD_ACCEPT}
        disabled={busy}
        aria-busy={busy || undefined}
        data-testid={testId}
        onChange={(e) => {
          const file = e.target.files?.[0]
          e.target.value = ''
          if (file) onFile(file)
        }}
      />
    </div>
  )
}

/** The article's cover: upload one, see it, remove it. */
export function CoverPicker({ cover, onChange }: { cover: ContentImage | null; onChange: (cover: ContentImage | null) => void }) {
  const { t } = useLingui()
  const upload = useUpload(onChange)
  const { width = 0, height = 0 } = cover ?? {}
  return (
    <div className="ops-news-cover" data-testid="ops-news-cover">
      <PictureInput label={cover ? t`Replace the cover picture` : t`Cover picture`} busy={upload.busy} onFile={(f) => void upload.send(f)} testId="ops-news-cover-file" />
      {cover && (
        <>
          <OpsPhoto key={cover.id} id={cover.id} label={t`Cover picture, ${width} × ${height} pixels`} />
          <Button variant="ghost" onClick={() => onChange(null)}>
            <Trans>Remove the cover</Trans>
          </Button>
        </>
      )}
      {upload.problem && <p className="field-note error" role="alert">{upload.problem}</p>}
    </div>
  )
}

/** A picture for the body: uploaded, then its Markdown is handed to the editor to add. */
export function BodyPictureButton({ onInsert }: { onInsert: (markdown: string) => void }) {
  const { t } = useLingui()
  const upload = useUpload((picture) => onInsert(`![${t`Describe the picture`}](${picture.src})`))
  return (
    <>
      <PictureInput label={t`Add a picture to the body`} busy={upload.busy} onFile={(f) => void upload.send(f)} testId="ops-news-body-file" />
      {upload.problem && <p className="field-note error" role="alert">{upload.problem}</p>}
    </>
  )
}
