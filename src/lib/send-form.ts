// A picture sent as multipart/form-data with upload progress, which fetch cannot report: XMLHttpRequest, with the
// same headers and envelope as api() (src/lib/api.ts), so a refusal is an ApiError with the server's message in the
// user's language (too large, not a picture); a lost connection is a TypeError, as from fetch, which callers word.
// Used by the support chat in the app and in the console. No strings of its own: src/lib is in the first visit.
import { ApiError } from './api.ts'
import { getSession } from './session.ts'

/** How far the body has gone, 0 to 1. */
export type Progress = (sent: number) => void

/** Posts `form` to `url` with `authorization`; answers the envelope's data, or throws an ApiError. */
export function sendForm<T>(url: string, form: FormData, authorization: string | null, onProgress: Progress, signal?: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest()
    request.open('POST', url)
    request.setRequestHeader('Language', getSession().language)
    if (authorization) request.setRequestHeader('Authorization', authorization)
    request.responseType = 'json'
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total)
    }
    request.onload = () => {
      const envelope = request.response as { code?: unknown; msg?: unknown; data?: unknown } | null
      const code = typeof envelope?.code === 'number' ? envelope.code : request.status
      if (code === 200) resolve(envelope?.data as T)
      else if (typeof envelope?.msg === 'string' && envelope.msg) reject(new ApiError(code, envelope.msg))
      else reject(new TypeError(`HTTP ${request.status}`))
    }
    // Also when the server refuses a body too large before it has all of it and closes the connection.
    request.onerror = () => reject(new TypeError('network'))
    request.onabort = () => reject(new DOMException('aborted', 'AbortError'))
    signal?.addEventListener('abort', () => request.abort(), { once: true })
    request.send(form)
  })
}
