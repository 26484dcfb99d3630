// A private file in the console (a user's photo, a loan agreement, a draft's picture): fetched with the operator's
// token, which an <img src> or <iframe src> cannot carry, and shown from a blob URL that is released when it leaves
// the screen.
import { useEffect, useState } from 'react'
import { getOpsSession } from '../session.ts'

/** The file at `path` as a blob URL the caller must revoke; throws on a refusal (the status) or an abort. */
export async function fetchOpsBlobUrl(path: string, signal: AbortSignal): Promise<string> {
  const token = getOpsSession()?.token
  const response = await fetch(path, { headers: token ? { Authorization: `Bearer ${token}` } : {}, signal })
  if (!response.ok) throw new Error(String(response.status))
  return URL.createObjectURL(await response.blob())
}

/** The file's blob URL once loaded (null before), and whether loading it failed. */
export function useOpsBlobUrl(path: string): { url: string | null; failed: boolean } {
  const [url, setUrl] = useState<string | null>(null)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    const controller = new AbortController()
    let objectUrl: string | null = null
    fetchOpsBlobUrl(path, controller.signal)
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
  }, [path])
  return { url, failed }
}
