// The picture a chat message will carry, in the app's composer and the console's reply form: a button that opens the
// file picker, the upload's progress, a preview with a remove button, and a refusal: too large before a byte is sent,
// else in the server's words (not a picture, damaged). The upload itself is useAttachPicture's (src/lib/use-attach-picture.ts). No strings of its own:
// each side passes its words (the app's and the console's catalogs).
import { useRef, type ReactNode } from 'react'
import { UPLOAD_ACCEPT } from '#contract/uploads.ts'
import { ApiError } from '../lib/api.ts'
import { PictureTooLarge, type useAttachPicture } from '../lib/use-attach-picture.ts'
import { Button } from './ui/button.tsx'
import { IconClose } from './ui/icons.tsx'
import './chat-picture.css'

export type AttachWords = {
  attach: ReactNode
  /** The file input's name for screen readers. */
  attachLabel: string
  progress: (percent: number) => ReactNode
  preview: string
  remove: string
  /** A file larger than the server takes, refused before it is sent. */
  tooLarge: (maxMb: number) => string
  /** When the upload failed without the server's words (a lost connection). */
  failed: string
}

type Props = { picture: ReturnType<typeof useAttachPicture>; words: AttachWords; disabled?: boolean; testId: string }

export function PictureAttach({ picture, words, disabled, testId }: Props) {
  const input = useRef<HTMLInputElement>(null)
  const percent = Math.round((picture.progress ?? 0) * 100)
  const { error } = picture
  const problem = error instanceof PictureTooLarge ? words.tooLarge(error.maxMb) : error instanceof ApiError ? error.message : error ? words.failed : null
  return (
    <div className="picture-attach">
      <input
        ref={input}
        type="file"
        accept={UPLOAD_ACCEPT}
        className="visually-hidden"
        tabIndex={-1}
        aria-label={words.attachLabel}
        data-testid={`${testId}-file`}
        onChange={(e) => {
          const file = e.target.files?.[0]
          e.target.value = ''
          if (file) void picture.pick(file)
        }}
      />
      <Button variant="secondary" onClick={() => input.current?.click()} disabled={disabled || picture.progress !== null} data-testid={`${testId}-attach`}>
        {words.attach}
      </Button>
      {picture.progress !== null && (
        <label className="picture-attach-progress" data-testid={`${testId}-progress`}>
          <span>{words.progress(percent)}</span>
          <progress max={100} value={percent} />
        </label>
      )}
      {picture.attached && (
        <span className="picture-attach-preview" data-testid={`${testId}-attached`}>
          <img src={picture.attached.preview} alt={words.preview} width={picture.attached.attachment.width} height={picture.attached.attachment.height} />
          <Button variant="ghost" onClick={picture.clear} aria-label={words.remove}>
            <IconClose size={18} />
          </Button>
        </span>
      )}
      {problem && (
        <p className="field-note error" role="alert" data-testid={`${testId}-error`}>
          {problem}
        </p>
      )}
    </div>
  )
}
