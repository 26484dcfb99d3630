// JPEG 2000 in: sharp's bundled libvips has no OpenJPEG, so the codestream is decoded by OpenJPEG compiled to
// WebAssembly (@cornerstonejs/codec-openjpeg) into raw pixels that sharp then encodes. The size is read from the
// codestream's SIZ marker first, so a pixel flood is refused before anything is decoded, and so is a codestream
// that declares more tiles than it holds (a bomb: a few kilobytes declaring 6000 × 6000 pixels in 64 px tiles with
// one tile of data made OpenJPEG build the whole picture). The decoder thread is stopped after JPEG2000_DECODE_MS,
// and replaced after a large picture, so the memory OpenJPEG grew (WebAssembly memory never shrinks) is given back.
import { Worker } from 'node:worker_threads'
import openjpegFactory from '@cornerstonejs/codec-openjpeg/wasmjs'

export type RawImage = { data: Uint8Array; width: number; height: number; channels: 1 | 2 | 3 | 4 }

export class Jpeg2000Error extends Error {}

/** The codestream inside a .jp2 file (its 'jp2c' box), or the bytes themselves when they are a bare codestream. */
export function codestreamOf(bytes: Uint8Array): Uint8Array {
  if (bytes[0] === 0xff && bytes[1] === 0x4f) return bytes
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  let at = 0
  while (at + 8 <= bytes.length) {
    let length = view.getUint32(at)
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8))
    let header = 8
    if (length === 1) {
      if (at + 16 > bytes.length) break
      const big = view.getBigUint64(at + 8)
      if (big > BigInt(bytes.length)) break
      length = Number(big)
      header = 16
    } else if (length === 0) {
      length = bytes.length - at
    }
    if (length < header || at + length > bytes.length) break
    if (type === 'jp2c') return bytes.subarray(at + header, at + length)
    at += length
  }
  throw new Jpeg2000Error('no codestream')
}

/** Width, height and components from the SIZ marker (ISO 15444-1 A.5.1), without decoding. */
export function sizeOf(codestream: Uint8Array): { width: number; height: number; components: number; bits: number } {
  if (codestream.length < 45 || codestream[0] !== 0xff || codestream[1] !== 0x4f || codestream[2] !== 0xff || codestream[3] !== 0x51) {
    throw new Jpeg2000Error('no SIZ marker')
  }
  const view = new DataView(codestream.buffer, codestream.byteOffset, codestream.byteLength)
  const width = view.getUint32(8) - view.getUint32(16)
  const height = view.getUint32(12) - view.getUint32(20)
  const components = view.getUint16(40)
  const bits = (codestream[42]! & 0x7f) + 1
  if (width <= 0 || height <= 0 || components === 0) throw new Jpeg2000Error('empty image')
  if (components > 4 || bits > 16) throw new Jpeg2000Error('unsupported components')
  return { width, height, components, bits }
}

/**
 * The tiles the SIZ marker declares, and how many of them the codestream holds data for: the distinct tile indexes
 * of its tile-parts (SOT markers, ISO 15444-1 A.4.2) that carry at least one byte after their headers.
 */
export function tilesOf(codestream: Uint8Array): { declared: number; present: number } {
  const view = new DataView(codestream.buffer, codestream.byteOffset, codestream.byteLength)
  const [xsiz, ysiz, xtsiz, ytsiz, xtosiz, ytosiz] = [8, 12, 24, 28, 32, 36].map((at) => view.getUint32(at)) as [number, number, number, number, number, number]
  if (xtsiz === 0 || ytsiz === 0 || xtosiz > xsiz || ytosiz > ysiz) throw new Jpeg2000Error('bad tiles')
  const declared = Math.ceil((xsiz - xtosiz) / xtsiz) * Math.ceil((ysiz - ytosiz) / ytsiz)
  // The main header's marker segments, up to the first tile-part.
  let at = 2
  while (at + 4 <= codestream.length && view.getUint16(at) !== 0xff90) at += 2 + view.getUint16(at + 2)
  const present = new Set<number>()
  while (at + 12 <= codestream.length && view.getUint16(at) === 0xff90) {
    const tile = view.getUint16(at + 4)
    // Psot 0: this tile-part runs to the end of the codestream (less its EOC marker).
    const length = view.getUint32(at + 6) || codestream.length - at - 2
    // SOT (12 bytes) and SOD (2): anything after them is data.
    if (length > 14 && tile < declared) present.add(tile)
    if (length < 14) break
    at += length
  }
  return { declared, present: present.size }
}

type Codec = Awaited<ReturnType<typeof openjpegFactory>>
let codec: Promise<Codec> | null = null
// OpenJPEG reports progress on stdout; nobody reads it.
const quiet = () => {}
const loadCodec = () => (codec ??= openjpegFactory({ print: quiet, printErr: quiet }))

/** Decodes a codestream to interleaved 8-bit samples (deeper samples are scaled down). Runs on the calling thread. */
export async function decodeJpeg2000(codestream: Uint8Array): Promise<RawImage> {
  const { J2KDecoder } = await loadCodec()
  const decoder = new J2KDecoder()
  try {
    decoder.getEncodedBuffer(codestream.length).set(codestream)
    try {
      decoder.decode()
    } catch {
      throw new Jpeg2000Error('decode failed')
    }
    const info = decoder.getFrameInfo()
    const { width, height, componentCount: channels, bitsPerSample } = info
    if (channels < 1 || channels > 4) throw new Jpeg2000Error('unsupported components')
    const decoded = decoder.getDecodedBuffer()
    const samples = width * height * channels
    const data = new Uint8Array(samples)
    if (bitsPerSample <= 8) {
      if (decoded.length < samples) throw new Jpeg2000Error('short image')
      data.set(decoded.subarray(0, samples))
    } else {
      const wide = new Uint16Array(decoded.buffer, decoded.byteOffset, Math.floor(decoded.byteLength / 2))
      if (wide.length < samples) throw new Jpeg2000Error('short image')
      const shift = bitsPerSample - 8
      for (let i = 0; i < samples; i++) data[i] = wide[i]! >> shift
    }
    return { data, width, height, channels: channels as RawImage['channels'] }
  } finally {
    decoder.delete()
  }
}

/** The longest a decode may take; a legitimate 40-megapixel picture takes a few seconds on a loaded server. */
export const JPEG2000_DECODE_MS = 15_000
/** After a picture this large the thread is replaced, so the memory it grew goes back to the system. */
const RECYCLE_PIXELS = 4_000_000

type Pending = { resolve: (image: RawImage) => void; reject: (error: Error) => void }
let worker: Worker | null = null
let pending: Pending | null = null
let queue: Promise<unknown> = Promise.resolve()

function retire(thread: Worker) {
  if (worker === thread) worker = null
  void thread.terminate()
}

function decoder(): Worker {
  if (worker) return worker
  const thread = new Worker(new URL('./jpeg2000-worker.ts', import.meta.url))
  thread.unref()
  thread.on('message', (result: { image: RawImage } | { error: string }) => {
    if (worker !== thread) return
    const done = pending
    pending = null
    if ('image' in result) done?.resolve(result.image)
    else done?.reject(new Jpeg2000Error(result.error))
  })
  const lost = (error: Error) => {
    // A thread retired on purpose has no job left; the next job may already run on its successor.
    if (worker !== thread) return
    worker = null
    pending?.reject(new Jpeg2000Error(error.message))
    pending = null
  }
  thread.on('error', lost)
  thread.on('exit', () => lost(new Error('decoder thread exited')))
  worker = thread
  return thread
}

/**
 * decodeJpeg2000 on a thread of its own, one picture at a time, so the event loop keeps serving meanwhile. A decode
 * that runs past `timeoutMs` is stopped with its thread (and refused); so is the thread after a large picture.
 */
export function decodeOffThread(codestream: Uint8Array, timeoutMs = JPEG2000_DECODE_MS): Promise<RawImage> {
  const run = () =>
    new Promise<RawImage>((resolve, reject) => {
      const thread = decoder()
      const timer = setTimeout(() => {
        pending = null
        retire(thread)
        reject(new Jpeg2000Error('decode took too long'))
      }, timeoutMs)
      const settle = () => {
        clearTimeout(timer)
        if (pending === current) pending = null
      }
      const current: Pending = {
        resolve: (image) => {
          settle()
          if (image.width * image.height > RECYCLE_PIXELS) retire(thread)
          resolve(image)
        },
        reject: (error) => {
          settle()
          reject(error)
        },
      }
      pending = current
      thread.postMessage(codestream)
    })
  const result = queue.then(run, run)
  queue = result.catch(() => {})
  return result
}
