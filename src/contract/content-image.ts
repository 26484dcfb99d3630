// Public content shared by the app, the server and the service worker: where pictures that operators put in content
// (a news article's cover, a picture in its body) are served from. No imports: the service worker bundles this file.

/** Pictures in content come only from the upload store, through this path (server/modules/news/news.routes.ts). */
export const CONTENT_IMAGE_PREFIX = '/api/contentImage/'

/** `/api/contentImage/<uuid>`: the only image address sanitised content keeps (server/content/markdown.ts). */
export const CONTENT_IMAGE_PATH = /^\/api\/contentImage\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

export const contentImagePath = (uploadId: string) => `${CONTENT_IMAGE_PREFIX}${uploadId.toLowerCase()}`

/**
 * Where operators upload such a picture (multipart/form-data, one `file` part; JPEG, JPEG 2000 or PNG, at most
 * UPLOAD_MAX_BYTES): the console posts here with its token and gets the picture's id, address and size back
 * (ContentImage in src/contract/ops-news.ts). Not JSON, so not an OpsEndpoint.
 */
export const CONTENT_IMAGE_UPLOAD_PATH = '/api/ops/contentImage'

/**
 * How browsers keep a published content picture: stored, but asked again (with its etag) before each use, so a picture
 * is shown only while published content uses it; the answer is a 304 without the bytes while it is. A day's max-age
 * kept an unpublished article's pictures in browsers for that day, and kept the service worker from learning of it.
 */
export const CONTENT_IMAGE_CACHE_CONTROL = 'public, no-cache'
