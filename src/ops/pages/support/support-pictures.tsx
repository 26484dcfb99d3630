// Pictures in the console's support chat: a message's picture (fetched with the operator's token from
// /api/ops/upload/<id>, which serves support pictures to the support role), and the reply form's picture, uploaded
// for the conversation as soon as it is picked (POST /api/ops/support/attachment) with its progress shown.
import { Trans, useLingui } from '@lingui/react/macro'
import { opsUploadPath } from '#contract/ops-kyc.ts'
import { opsSupportApi } from '#contract/ops-support.ts'
import type { SupportAttachment } from '#contract/support.ts'
import { ChatPicture } from '../../../components/chat-picture.tsx'
import { PictureAttach, type AttachWords } from '../../../components/picture-attach.tsx'
import { API_BASE } from '../../../lib/api.ts'
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
  const words: AttachWords = {
    attach: <Trans>Attach a picture</Trans>,
    attachLabel: t`Attach a picture`,
    progress: (percent) => <Trans>Uploading the picture… {percent}%</Trans>,
    preview: t`The picture to send`,
    remove: t`Remove the picture`,
    tooLarge: (max) => t`The picture is larger than ${max} MB; please send a smaller one`,
    failed: t`The picture could not be uploaded. Try again.`,
  }
  return <PictureAttach picture={picture} words={words} testId="ops-support" />
}
