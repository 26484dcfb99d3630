// JPEG 2000 in: sharp's bundled libvips has no OpenJPEG, so the codestream is decoded by OpenJPEG compiled to
// WebAssembly (@cornerstonejs/codec-openjpeg) into raw pixels that sharp then encodes. The size is read from the
// codestream's SIZ marker first, so a pixel flood is refused before anything is decoded.
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
  return { width, height, components, bits }
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

type Pending = { resolve: (image: RawImage) => void; reject: (error: Error) => void }
let worker: Worker | null = null
let pending: Pending | null = null
let queue: Promise<unknown> = Promise.resolve()

function decoder(): Worker {
  if (worker) return worker
  const thread = new Worker(new URL('./jpeg2000-worker.ts', import.meta.url))
  thread.unref()
  thread.on('message', (result: { image: RawImage } | { error: string }) => {
    const done = pending
    pending = null
    if ('image' in result) done?.resolve(result.image)
    else done?.reject(new Jpeg2000Error(result.error))
  })
  const lost = (error: Error) => {
    worker = null
    pending?.reject(new Jpeg2000Error(error.message))
    pending = null
  }
  thread.on('error', lost)
  thread.on('exit', () => lost(new Error('decoder thread exited')))
  worker = thread
  return thread
}

/** decodeJpeg2000 on a thread of its own, one picture at a time, so the event loop keeps serving meanwhile. */
export function decodeOffThread(codestream: Uint8Array): Promise<RawImage> {
  const run = () =>
    new Promise<RawImage>((resolve, reject) => {
      pending = { resolve, reject }
      decoder().postMessage(codestream)
    })
  const result = queue.then(run, run)
  queue = result.catch(() => {})
  return result
}
