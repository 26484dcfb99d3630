// One of the form's three photos: from a file, or from the camera (getUserMedia). Where the browser has no camera
// access it says so (in the product's words: 'access to user media not supported') and offers the file picker, which on a phone
// may still open the camera (capture). The picture is uploaded as soon as it is chosen; the preview is the local
// file, so nothing is fetched back.
import { useEffect, useId, useRef, useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { UPLOAD_ACCEPT } from '#contract/uploads.ts'
import { ApiError } from '../../../lib/api.ts'
import { Button } from '../../../components/ui/button.tsx'
import { uploadPicture } from '../api.ts'
import { CameraDialog, cameraSupported } from './camera-dialog.tsx'

export type Picked = { id: string; preview: string }

type Props = {
  label: string
  hint: string
  value: Picked | null
  onChange: (picked: Picked | null) => void
  /** The form's message for this photo (missing), shown until a picture is chosen. */
  error?: string
  testId: string
}

export function PhotoPicker({ label, hint, value, onChange, error, testId }: Props) {
  const { t } = useLingui()
  const id = useId()
  const fileInput = useRef<HTMLInputElement>(null)
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const [camera, setCamera] = useState(false)
  const [noCamera, setNoCamera] = useState(false)

  // The preview's object URL is released when it is replaced or the form goes away.
  useEffect(() => () => void (value && URL.revokeObjectURL(value.preview)), [value])

  const send = async (file: Blob, name: string) => {
    setProblem(null)
    setBusy(true)
    const preview = URL.createObjectURL(file)
    try {
      const saved = await uploadPicture(file, name)
      onChange({ id: saved.id, preview })
    } catch (failure) {
      URL.revokeObjectURL(preview)
      setProblem(failure instanceof ApiError ? failure.message : t`The photo could not be sent. Check your connection and try again.`)
    } finally {
      setBusy(false)
    }
  }

  const openCamera = () => {
    if (cameraSupported()) {
      setCamera(true)
      return
    }
    setNoCamera(true)
    fileInput.current?.click()
  }

  const note = problem ?? (noCamera ? t`access to user media not supported` : null) ?? (value ? null : error)
  return (
    <div className="kyc-photo" data-testid={testId}>
      <span className="field-label" id={`${id}-label`}>
        {label}
      </span>
      <div className={value ? 'kyc-preview filled' : 'kyc-preview'} aria-busy={busy || undefined}>
        {value ? <img src={value.preview} alt={t`Preview: ${label}`} /> : <span className="muted">{hint}</span>}
        {busy && <span className="spinner" aria-hidden="true" />}
      </div>
      <div className="kyc-photo-actions">
        <Button variant="secondary" onClick={() => fileInput.current?.click()} disabled={busy} aria-describedby={`${id}-label`}>
          {value ? <Trans>Choose another file</Trans> : <Trans>Choose a file</Trans>}
        </Button>
        <Button variant="ghost" onClick={openCamera} disabled={busy} aria-describedby={`${id}-label`}>
          <Trans>Take a photo</Trans>
        </Button>
      </div>
      <input
        ref={fileInput}
        type="file"
        accept={UPLOAD_ACCEPT}
        capture={noCamera ? 'environment' : undefined}
        className="visually-hidden"
        tabIndex={-1}
        aria-label={label}
        onChange={(e) => {
          const file = e.target.files?.[0]
          e.target.value = ''
          if (file) void send(file, file.name)
        }}
      />
      {note && (
        <p className={problem || (!value && error) ? 'field-note error' : 'field-note'} role={problem ? 'alert' : undefined}>
          {note}
        </p>
      )}
      {camera && (
        <CameraDialog
          title={label}
          onClose={() => setCamera(false)}
          onPhoto={(blob) => {
            setCamera(false)
            void send(blob, 'camera.jpg')
          }}
          onUnavailable={() => {
            setCamera(false)
            setNoCamera(true)
            fileInput.current?.click()
          }}
        />
      )}
    </div>
  )
}
