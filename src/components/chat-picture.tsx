// A picture in a support chat message, in the app and in the console. Its file is private, so the caller fetches it
// with its token and passes the blob URL (src/lib/blob-url.ts); until then the box already has the picture's
// proportions (the stored width and height), so the conversation does not jump when it arrives. A tap opens it full
// size in a dialog. No strings of its own: each side passes its words (the app's and the console's catalogs).
import { useId, useState, type ReactNode } from 'react'
import type { SupportAttachment } from '#contract/support.ts'
import { Dialog } from './ui/dialog.tsx'
import { IconClose } from './ui/icons.tsx'
import './chat-picture.css'

/** The longest side a picture takes in the conversation, in CSS pixels. */
const THUMB = 240

type Props = {
  attachment: Pick<SupportAttachment, 'width' | 'height'>
  url: string | null
  failed: boolean
  alt: string
  closeLabel: string
  failedText: ReactNode
  testId?: string
}

export function ChatPicture({ attachment: { width, height }, url, failed, alt, closeLabel, failedText, testId }: Props) {
  const [open, setOpen] = useState(false)
  const titleId = useId()
  const scale = Math.min(1, THUMB / Math.max(width, height))
  const box = { width: `min(100%, ${Math.round(width * scale)}px)`, aspectRatio: `${width} / ${height}` }
  return (
    <>
      <button type="button" className="chat-picture" style={box} onClick={() => setOpen(true)} disabled={!url} aria-label={alt} data-testid={testId} data-loaded={url ? 'true' : undefined}>
        {url ? <img src={url} alt="" width={width} height={height} /> : failed ? <span className="error-text">{failedText}</span> : <span className="chat-picture-wait" aria-hidden="true" />}
      </button>
      {open && url && (
        <Dialog onClose={() => setOpen(false)} labelledBy={titleId}>
          <div className="chat-picture-full">
            <p id={titleId} className="visually-hidden">
              {alt}
            </p>
            <img src={url} alt={alt} width={width} height={height} />
            <button type="button" className="btn secondary" onClick={() => setOpen(false)} autoFocus>
              <IconClose size={18} />
              {closeLabel}
            </button>
          </div>
        </Dialog>
      )}
    </>
  )
}
