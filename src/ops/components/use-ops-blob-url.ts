// A private file in the console (a user's photo, a loan agreement, a draft's picture, a chat picture): fetched with
// the operator's token (src/lib/blob-url.ts) and shown from a blob URL released when it leaves the screen.
import { fetchBlobUrl, useBlobUrl } from '../../lib/blob-url.ts'
import { getOpsSession } from '../session.ts'

const bearer = () => {
  const token = getOpsSession()?.token
  return token ? `Bearer ${token}` : null
}

/** The file at `path` as a blob URL the caller must revoke; throws on a refusal (the status) or an abort. */
export const fetchOpsBlobUrl = (path: string, signal: AbortSignal) => fetchBlobUrl(path, bearer(), signal)

/** The file's blob URL once loaded (null before), and whether loading it failed. */
export const useOpsBlobUrl = (path: string) => useBlobUrl(path, bearer)
