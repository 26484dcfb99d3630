// The chat's composer: text, a picture, or both. A picture is uploaded as soon as it is picked (purpose support,
// re-encoded by the server) with its progress shown; a refusal shows the server's words (too large, not a picture).
// The message then carries the picture's id; the text may be empty beside a picture.
import { useState, type FormEvent } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { SUPPORT_TEXT_MAX } from '#contract/support.ts'
import { PictureAttach, type AttachWords } from '../../../components/picture-attach.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { TextAreaField } from '../../../components/ui/field.tsx'
import { useAttachPicture } from '../../../lib/use-attach-picture.ts'
import { uploadSupportPicture, useSendSupportMessage } from '../api.ts'

export function Composer({ isOnline }: { isOnline: boolean }) {
  const { t } = useLingui()
  const [text, setText] = useState('')
  const send = useSendSupportMessage()
  const picture = useAttachPicture(uploadSupportPicture)
  const isUploading = picture.progress !== null
  const isEmpty = text.trim().length === 0 && !picture.attached
  const count = text.length
  const max = SUPPORT_TEXT_MAX
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
  const words: AttachWords = {
    attach: <Trans>Attach a picture</Trans>,
    attachLabel: t`Attach a picture`,
    progress: (percent) => <Trans>Sending the picture… {percent}%</Trans>,
    preview: t`The picture to send`,
    remove: t`Remove the picture`,
    tooLarge: (max) => t`The picture is larger than ${max} MB; please send a smaller one`,
    failed: t`The picture could not be sent. Check your connection and try again.`,
  }
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
      <PictureAttach picture={picture} words={words} disabled={!isOnline} testId="support" />
      {send.error && <ErrorState error={send.error} compact />}
      <Button type="submit" block loading={send.isPending} disabled={isEmpty || isUploading || !isOnline} data-testid="support-send">
        <Trans>Send</Trans>
      </Button>
    </form>
  )
}
