// Pictures in the console's support chat: a message's picture (fetched with the operator's token from
// /api/ops/upload/<id>, which serves support pictures to the support role), and the reply form's picture, uploaded
// for the conversation as soon as it is picked (POST /api/ops/support/attachment) with its progress shown.
import { useRef } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { opsUploadPath } from '#contract/ops-kyc.ts'
import { opsSupportApi } from '#contract/ops-support.ts'
import type { SupportAttachment } from '#contract/support.ts'
import { UPLOAD_ACCEPT } from '#contract/uploads.ts'
import { ChatPicture } from '../../../components/chat-picture.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { IconClose } from '../../../components/ui/icons.tsx'
import { API_BASE, ApiError } from '../../../lib/api.ts'
import { sendForm, type Progress } from '../../../lib/send-form.ts'
import type { useAttachPicture } from '../../../lib/use-attach-picture.ts'
import { useOpsBlobUrl } from '../../components/use-ops-blob-url.ts'
import { getOpsSession } from '../../session.ts'

export function MessagePicture({ attachment, isStaff }: { attachment: SupportAttachment; isStaff: boolean }) {
  const { t } = useLingui()
  const { url, failed } = useOpsBlobUrl(opsUploadPath(attachment.id))
  return (
    <ChatPicture
      attachment={attachment}
      url={url}
      failed={failed}
      alt={isStaff ? t`Picture sent by staff` : t`Picture sent by the user`}
      closeLabel={t`Close the picture`}
      failedText={<Trans>The photo could not be loaded.</Trans>}
      testId="ops-support-picture"
    />
  )
}

/** Uploads a picture for conversation `id`; it is the user's, and the reply then carries it. */
export const uploadFor = (id: string) => (file: File, onProgress: Progress, signal: AbortSignal) => {
  const form = new FormData()
  // The conversation first: the server reads it before the file.
  form.append('id', id)
  form.append('file', file, file.name)
  const token = getOpsSession()?.token
  return sendForm<SupportAttachment>(`${API_BASE}${opsSupportApi.attachment.path}`, form, token ? `Bearer ${token}` : null, onProgress, signal)
}

export function ReplyPicture({ picture }: { picture: ReturnType<typeof useAttachPicture> }) {
  const { t } = useLingui()
  const input = useRef<HTMLInputElement>(null)
  const percent = Math.round((picture.progress ?? 0) * 100)
  const problem = picture.error instanceof ApiError ? picture.error.message : picture.error ? t`The picture could not be uploaded. Try again.` : null
  return (
    <div className="ops-support-attach">
      <input
        ref={input}
        type="file"
        accept={UPLOAD_ACCEPT}
        className="visually-hidden"
        tabIndex={-1}
        aria-label={t`Attach a picture`}
        data-testid="ops-support-file"
        onChange={(e) => {
          const file = e.target.files?.[0]
          e.target.value = ''
          if (file) void picture.pick(file)
        }}
      />
      <Button variant="secondary" onClick={() => input.current?.click()} disabled={picture.progress !== null} data-testid="ops-support-attach">
        <Trans>Attach a picture</Trans>
      </Button>
      {picture.progress !== null && (
        <label className="ops-support-progress" data-testid="ops-support-progress">
          <Trans>Uploading the picture… {percent}%</Trans>
          <progress max={100} value={percent} />
        </label>
      )}
      {picture.attached && (
        <span className="ops-support-attached" data-testid="ops-support-attached">
          <img src={picture.attached.preview} alt={t`The picture to send`} width={picture.attached.attachment.width} height={picture.attached.attachment.height} />
          <Button variant="ghost" onClick={picture.clear} aria-label={t`Remove the picture`}>
            <IconClose size={18} />
          </Button>
        </span>
      )}
      {problem && (
        <p className="field-note error" role="alert" data-testid="ops-support-upload-error">
          {problem}
        </p>
      )}
    </div>
  )
}
