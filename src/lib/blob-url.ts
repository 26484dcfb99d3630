// A private file (a user's photo, a chat picture, a loan agreement): fetched with a token, which an <img src> or
// <iframe src> cannot carry, and shown from a blob URL that is released when it leaves the screen. The app passes the
// user's token, the console the operator's (src/ops/components/use-ops-blob-url.ts).
import { useEffect, useState } from 'react'

/** The file at `path` as a blob URL the caller must revoke; throws on a refusal (the status) or an abort. */
export async function fetchBlobUrl(path: string, authorization: string | null, signal: AbortSignal): Promise<string> {
  const response = await fetch(path, { headers: authorization ? { Authorization: authorization } : {}, signal })
  if (!response.ok) throw new Error(String(response.status))
  return URL.createObjectURL(await response.blob())
}

/** The file's blob URL once loaded (null before), and whether loading it failed. */
export function useBlobUrl(path: string, authorization: () => string | null): { url: string | null; failed: boolean } {
  const [url, setUrl] = useState<string | null>(null)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    const controller = new AbortController()
    let objectUrl: string | null = null
    fetchBlobUrl(path, authorization(), controller.signal)
      .then((made) => {
        objectUrl = made
        setUrl(made)
      })
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true)
      })
    return () => {
      controller.abort()
      if (objectUrl) URL.revokeObjectURL(objectUrl)
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the token is read when the path changes; a new one does not refetch what is on screen
  }, [path])
  return { url, failed }
}
