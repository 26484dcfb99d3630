// One picture attached to a message before it is sent: uploaded as soon as it is picked (sendForm, with progress),
// previewed from the local file with its stored size, and cleared after the message is sent or on request.
import { useEffect, useRef, useState } from 'react'
import type { SupportAttachment } from '#contract/support.ts'
import { UPLOAD_MAX_BYTES } from '#contract/uploads.ts'
import type { Progress } from './send-form.ts'

/** A file over UPLOAD_MAX_BYTES: refused before a byte is sent (the server would refuse it too, mid-way). */
export class PictureTooLarge extends Error {
  readonly maxMb = UPLOAD_MAX_BYTES / (1024 * 1024)
}

export type Attached = { attachment: SupportAttachment; preview: string }
export type AttachState = { attached: Attached | null; progress: number | null; error: unknown }

export function useAttachPicture(upload: (file: File, onProgress: Progress, signal: AbortSignal) => Promise<SupportAttachment>) {
  const [state, setState] = useState<AttachState>({ attached: null, progress: null, error: null })
  const running = useRef<AbortController | null>(null)
  const preview = state.attached?.preview
  // The preview's object URL is released when it is replaced or the composer goes away.
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview])
  useEffect(() => () => running.current?.abort(), [])

  const pick = async (file: File) => {
    running.current?.abort()
    if (file.size > UPLOAD_MAX_BYTES) {
      setState({ attached: null, progress: null, error: new PictureTooLarge() })
      return
    }
    const controller = new AbortController()
    running.current = controller
    setState({ attached: null, progress: 0, error: null })
    try {
      const attachment = await upload(file, (progress) => setState((s) => ({ ...s, progress })), controller.signal)
      if (!controller.signal.aborted) setState({ attached: { attachment, preview: URL.createObjectURL(file) }, progress: null, error: null })
    } catch (error) {
      if (!controller.signal.aborted) setState({ attached: null, progress: null, error })
    }
  }
  const clear = () => {
    running.current?.abort()
    setState({ attached: null, progress: null, error: null })
  }
  return { ...state, pick, clear }
}
