// A private file in the console (a user's photo, a loan agreement): fetched with the operator's token, which an
// <img src> or <iframe src> cannot carry, and shown from a blob URL that is released when it leaves the screen.
import { useEffect, useState } from 'react'
import { getOpsSession } from '../session.ts'

/** The file's blob URL once loaded (null before), and whether loading it failed. */
export function useOpsBlobUrl(path: string): { url: string | null; failed: boolean } {
  const [url, setUrl] = useState<string | null>(null)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    const controller = new AbortController()
    let objectUrl: string | null = null
    const token = getOpsSession()?.token
    fetch(path, { headers: token ? { Authorization: `Bearer ${token}` } : {}, signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) throw new Error(String(response.status))
        objectUrl = URL.createObjectURL(await response.blob())
        setUrl(objectUrl)
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
