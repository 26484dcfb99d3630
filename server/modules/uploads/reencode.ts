// reencode(bytes): the only way a picture gets into the store. It is recognised by its bytes (formats.ts), its size is
// read from the header and a pixel flood refused before decoding, and it is decoded and encoded anew with sharp, which
// writes no metadata: no EXIF, no GPS position, no comment (a JPEG/HTML polyglot loses its HTML). JPEG and JPEG 2000
// become JPEG, PNG stays PNG; EXIF orientation is applied to the pixels first, so the picture stands as it was taken.
//
// Memory: a 40-megapixel picture decodes to ~120 MB. At most REENCODE_SLOTS run at once and each libvips pipeline
// uses one thread; the others wait in line. The route also handles at most READ_SLOTS uploads at once (readingLine),
// from reading the body to storing the picture: the others stay in the socket until their turn, so 20 uploads at once
// hold READ_SLOTS bodies in memory, not 20 (bench/upload.ts: 20 concurrent 8 MB photos).
import type { Metadata } from 'sharp'
import { UPLOAD_MAX_PIXELS } from '#contract/uploads.ts'
import { AppError } from '../../app-error.ts'
import { sniffFormat } from './formats.ts'
import { codestreamOf, decodeOffThread, sizeOf, tilesOf } from './jpeg2000.ts'

/** Pictures re-encoded at the same time; more wait their turn. */
export const REENCODE_SLOTS = 2
/** Uploads whose body is read at the same time. */
export const READ_SLOTS = 4
/** Pictures allowed to wait; beyond that the upload is refused (429, as a rate limit would) rather than piling up memory. */
export const REENCODE_QUEUE = 64

/**
 * sharp (libvips, tens of MB resident) is loaded by the first upload, not at every start (bench:start). No operation
 * cache (it would keep decoded pictures around) and one thread per pipeline (slots give parallelism).
 */
let loaded: Promise<typeof import('sharp').default> | undefined
const loadSharp = () =>
  (loaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false)
    sharp.concurrency(1)
    return sharp
  }))

export type Reencoded = { bytes: Buffer; mime: 'image/jpeg' | 'image/png'; width: number; height: number }

const JPEG_OUT = { quality: 88, chromaSubsampling: '4:2:0' } as const

function createLine(slots: number, queueMax: number) {
  let running = 0
  const waiting: Array<() => void> = []
  return async <T>(job: () => Promise<T>): Promise<T> => {
    if (running >= slots) {
      if (waiting.length >= queueMax) throw new AppError(429, 'uploadBusy')
      await new Promise<void>((resolve) => waiting.push(resolve))
    } else {
      running++
    }
    try {
      return await job()
    } finally {
      const next = waiting.shift()
      if (next) next()
      else running--
    }
  }
}

const line = createLine(REENCODE_SLOTS, REENCODE_QUEUE)
/**
 * JPEG 2000 has a line of its own (one decoder thread, a short queue): its pictures never take the slots JPEG and
 * PNG uploads run in, so a slow one keeps nobody else's photo waiting.
 */
const jpeg2000Line = createLine(1, 8)
/** Runs `job` (reading an upload's body) when one of READ_SLOTS is free; a full queue is refused with 429. */
export const readingLine = createLine(READ_SLOTS, REENCODE_QUEUE)

const tooManyPixels = () => new AppError(400, 'imageTooManyPixels', { max: UPLOAD_MAX_PIXELS / 1_000_000 })
const damaged = () => new AppError(400, 'imageDamaged')

/** True when sharp refused for the pixel limit (its message names it). */
const isPixelLimit = (error: unknown) => error instanceof Error && /pixel limit/i.test(error.message)

async function reencodeSharp(bytes: Buffer, format: 'jpeg' | 'png'): Promise<Reencoded> {
  const sharp = await loadSharp()
  const options = { limitInputPixels: UPLOAD_MAX_PIXELS, failOn: 'error', sequentialRead: true } as const
  let meta: Metadata
  try {
    // Header only: the dimensions, before a single pixel is decoded.
    meta = await sharp(bytes, options).metadata()
  } catch (error) {
    throw isPixelLimit(error) ? tooManyPixels() : damaged()
  }
  if (!meta.width || !meta.height) throw damaged()
  if (meta.width * meta.height > UPLOAD_MAX_PIXELS) throw tooManyPixels()
  // The bytes must decode as what they claimed to be (a PNG header on JPEG data is refused, not guessed at).
  if (meta.format !== format) throw damaged()
  // Turning needs the whole picture in memory; an upright one (most) streams through in strips.
  const upright = !meta.orientation || meta.orientation === 1
  const pipeline = upright ? sharp(bytes, options) : sharp(bytes, options).rotate()
  const out = format === 'png' ? pipeline.png({ compressionLevel: 6 }) : pipeline.jpeg(JPEG_OUT)
  try {
    const { data, info } = await out.toBuffer({ resolveWithObject: true })
    return { bytes: data, mime: format === 'png' ? 'image/png' : 'image/jpeg', width: info.width, height: info.height }
  } catch (error) {
    throw isPixelLimit(error) ? tooManyPixels() : damaged()
  }
}

async function reencodeJpeg2000(bytes: Buffer): Promise<Reencoded> {
  try {
    const codestream = codestreamOf(bytes)
    const size = sizeOf(codestream)
    if (size.width * size.height > UPLOAD_MAX_PIXELS) throw tooManyPixels()
    // Every declared tile must have data here: otherwise the decoder would build the whole picture from nothing.
    const tiles = tilesOf(codestream)
    if (tiles.present < tiles.declared) throw damaged()
    const raw = await decodeOffThread(codestream)
    const sharp = await loadSharp()
    const { data, info } = await sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: raw.channels }, limitInputPixels: UPLOAD_MAX_PIXELS })
      .flatten({ background: '#ffffff' })
      .jpeg(JPEG_OUT)
      .toBuffer({ resolveWithObject: true })
    return { bytes: data, mime: 'image/jpeg', width: info.width, height: info.height }
  } catch (error) {
    if (error instanceof AppError) throw error
    throw damaged()
  }
}

/** Re-encodes an uploaded picture, or throws the AppError the user sees (format, pixels, damaged, busy). */
export function reencode(bytes: Buffer): Promise<Reencoded> {
  const format = sniffFormat(bytes)
  if (format === null) return Promise.reject(new AppError(400, 'imageFormat'))
  if (format === 'jp2' || format === 'j2k') return jpeg2000Line(() => reencodeJpeg2000(bytes))
  return line(() => reencodeSharp(bytes, format))
}
