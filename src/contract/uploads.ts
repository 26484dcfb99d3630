// Pictures a user uploads (an identity document, a deposit's proof, a picture for support). POST /api/imgUpload takes multipart/form-data
// (field `purpose`, then field `file`): JPEG, JPEG 2000 or PNG, recognised by their bytes, at most 10 MB and 40
// megapixels. The server re-encodes the picture (no EXIF, no GPS survives) and answers its id; other calls refer to
// the picture by that id. GET /api/upload/<id> serves it to its owner only (the console has its own route).
import * as z from 'zod/mini'
import { Millis, type Endpoint } from './endpoint.ts'

export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024
export const UPLOAD_MAX_PIXELS = 40_000_000
/** What the file picker offers; the server decides by the bytes, not by this. */
export const UPLOAD_ACCEPT = 'image/jpeg,image/png,image/jp2,image/jpx,.jpg,.jpeg,.png,.jp2,.j2k,.jpf'

/** What a user's picture is for: an identity document, a deposit's proof, a picture in the support chat. */
export const UploadPurpose = z.enum(['kyc', 'deposit', 'support'])
export type UploadPurpose = z.infer<typeof UploadPurpose>

export const UploadId = z.string().check(z.regex(/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/, 'id'))

export const Upload = z.object({
  id: z.string(),
  purpose: UploadPurpose,
  /** What was stored after re-encoding: image/jpeg (from JPEG or JPEG 2000) or image/png. */
  mime: z.enum(['image/jpeg', 'image/png']),
  width: z.int(),
  height: z.int(),
  size: z.int(),
  sha256: z.string(),
  createTime: Millis,
})
export type Upload = z.infer<typeof Upload>

export const uploadsApi = {
  /** multipart/form-data: `purpose` (a field, before the file), then `file`. Not JSON: the app posts FormData. */
  imgUpload: { method: 'POST', path: '/imgUpload', data: Upload, auth: true },
} as const satisfies Record<string, Endpoint>

/** The path of a stored picture, for its owner (Authorization header; the answer is the image, not the envelope). */
export const uploadPath = (id: string) => `/api/upload/${id}`
