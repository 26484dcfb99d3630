// The chat's composer: text, a picture, or both. A picture is uploaded as soon as it is picked (purpose support,
// re-encoded by the server) with its progress shown; a refusal shows the server's words (too large, not a picture).
// The message then carries the picture's id; the text may be empty beside a picture.
import { useRef, useState, type FormEvent } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { SUPPORT_TEXT_MAX } from '#contract/support.ts'
import { UPLOAD_ACCEPT } from '#contract/uploads.ts'
import { Button } from '../../../components/ui/button.tsx'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { TextAreaField } from '../../../components/ui/field.tsx'
import { IconClose } from '../../../components/ui/icons.tsx'
import { ApiError } from '../../../lib/api.ts'
import { useAttachPicture } from '../../../lib/use-attach-picture.ts'
import { uploadSupportPicture, useSendSupportMessage } from '../api.ts'

export function Composer({ isOnline }: { isOnline: boolean }) {
  const { t } = useLingui()
  const [text, setText] = useState('')
  const send = useSendSupportMessage()
  const picture = useAttachPicture(uploadSupportPicture)
  const fileInput = useRef<HTMLInputElement>(null)
  const isUploading = picture.progress !== null
  const isEmpty = text.trim().length === 0 && !picture.attached
  const count = text.length
  const max = SUPPORT_TEXT_MAX
  const percent = Math.round((picture.progress ?? 0) * 100)
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (isEmpty || isUploading || send.isPending) return
    send.mutate(
      { body: text, attachmentId: picture.attached?.attachment.id },
      {
        onSuccess: () => {
          setText('')
          picture.clear()
        },
      },
    )
  }
  const problem = picture.error instanceof ApiError ? picture.error.message : picture.error ? t`The picture could not be sent. Check your connection and try again.` : null
  return (
    <form className="support-composer" onSubmit={handleSubmit}>
      <TextAreaField
        label={t`Your message`}
        rows={3}
        value={text}
        maxLength={SUPPORT_TEXT_MAX}
        onChange={(e) => setText(e.target.value)}
        hint={t`${count} of ${max} characters`}
        data-testid="support-input"
      />
      {isUploading && (
        <label className="support-progress" data-testid="support-upload-progress">
          <span>
            <Trans>Sending the picture… {percent}%</Trans>
          </span>
          <progress max={100} value={percent} />
        </label>
      )}
      {picture.attached && (
        <div className="support-attached" data-testid="support-attached">
          <img src={picture.attached.preview} alt={t`The picture to send`} width={picture.attached.attachment.width} height={picture.attached.attachment.height} />
          <Button variant="ghost" onClick={picture.clear} aria-label={t`Remove the picture`}>
            <IconClose size={18} />
          </Button>
        </div>
      )}
      {problem && (
        <p className="field-note error" role="alert" data-testid="support-upload-error">
          {problem}
        </p>
      )}
      {send.error && <ErrorState error={send.error} compact />}
      <input
        ref={fileInput}
        type="file"
        accept={UPLOAD_ACCEPT}
        className="visually-hidden"
        tabIndex={-1}
        aria-label={t`Attach a picture`}
        data-testid="support-file"
        onChange={(e) => {
          const file = e.target.files?.[0]
          e.target.value = ''
          if (file) void picture.pick(file)
        }}
      />
      <div className="support-actions">
        <Button variant="secondary" onClick={() => fileInput.current?.click()} disabled={!isOnline || isUploading} data-testid="support-attach">
          <Trans>Attach a picture</Trans>
        </Button>
        <Button type="submit" loading={send.isPending} disabled={isEmpty || isUploading || !isOnline} data-testid="support-send">
          <Trans>Send</Trans>
        </Button>
      </div>
    </form>
  )
}
