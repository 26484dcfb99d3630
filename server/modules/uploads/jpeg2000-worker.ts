// The thread that decodes JPEG 2000 (jpeg2000.ts decodeOffThread): OpenJPEG in WebAssembly runs synchronously, about
// 2 s for 12 megapixels, which on the main thread would stall every socket and request for as long.
import { parentPort } from 'node:worker_threads'
import { decodeJpeg2000, type RawImage } from './jpeg2000.ts'

export type DecodeResult = { image: RawImage } | { error: string }

parentPort?.on('message', (codestream: Uint8Array) => {
  decodeJpeg2000(codestream).then(
    (image) => parentPort?.postMessage({ image } satisfies DecodeResult, [image.data.buffer as ArrayBuffer]),
    (error: unknown) => parentPort?.postMessage({ error: error instanceof Error ? error.message : String(error) } satisfies DecodeResult),
  )
})
