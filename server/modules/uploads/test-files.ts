// Pictures the upload tests (and bench/upload.ts) make on the fly: real photos of every accepted format, and the
// hostile corpus (a JPEG/HTML polyglot, an SVG, a renamed HTML page, pixel floods, a truncated PNG, GPS in EXIF).
import { deflateSync } from 'node:zlib'
import sharp from 'sharp'
import openjpegFactory from '@cornerstonejs/codec-openjpeg/wasmjs'

/** A noisy picture (noise keeps JPEG large and tests real decoding), as JPEG. */
export async function noisyJpeg(width: number, height: number, quality = 90): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#777', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
    .jpeg({ quality })
    .toBuffer()
}

export const plainPng = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#2a6', noise: { type: 'gaussian', mean: 100, sigma: 30 } } })
    .png()
    .toBuffer()

/** A JPEG from a phone: its maker, its GPS position (with a datum string to look for) and orientation 6 (90°). */
export const GPS_MARKER = 'WGS-84-KEELSON-SECRET'
export const MAKER_MARKER = 'KeelsonSpyCam'
export const jpegWithGps = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#c33' } })
    .jpeg()
    .withExif({
      IFD0: { Make: MAKER_MARKER },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2958/100', GPSLongitudeRef: 'E', GPSLongitude: '2/1 17/1 4000/100', GPSMapDatum: GPS_MARKER },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer()

export const HTML = '<html><body><script>alert(document.cookie)</script></body></html>'

/** A valid JPEG that is also an HTML page: the markup sits in a COM segment right after SOI. */
export async function jpegHtmlPolyglot(): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#000' } }).jpeg().toBuffer()
  const comment = Buffer.from(HTML)
  const segment = Buffer.alloc(4)
  segment.writeUInt16BE(0xfffe, 0)
  segment.writeUInt16BE(comment.length + 2, 2)
  return Buffer.concat([jpeg.subarray(0, 2), segment, comment, jpeg.subarray(2)])
}

export const SVG = '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>'

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

function crc32(bytes: Buffer): number {
  let crc = ~0
  for (const byte of bytes) {
    crc ^= byte
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1))
  }
  return ~crc >>> 0
}

/** A few hundred bytes claiming 100 000 × 100 000 pixels (10 gigapixels): decoded, it would take 30 GB. */
export function pngPixelFlood(): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(100_000, 0)
  header.writeUInt32BE(100_000, 4)
  header.set([8, 2, 0, 0, 0], 8)
  const rows = deflateSync(Buffer.alloc(64 * 1024))
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', header), pngChunk('IDAT', rows), pngChunk('IEND', Buffer.alloc(0))])
}

/** A real PNG cut in half. */
export const truncatedPng = async () => {
  const png = await plainPng(200, 200)
  return png.subarray(0, Math.floor(png.length / 2))
}

/** A JPEG 2000 codestream (.j2k) of a gradient, encoded by OpenJPEG. */
export async function jpeg2000Codestream(width: number, height: number): Promise<Buffer> {
  const { J2KEncoder } = await openjpegFactory({ print: () => {}, printErr: () => {} })
  const encoder = new J2KEncoder()
  try {
    const pixels = encoder.getDecodedBuffer({ width, height, bitsPerSample: 8, componentCount: 3, isSigned: false, isUsingColorTransform: true })
    for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7) & 0xff
    encoder.encode()
    return Buffer.from(encoder.getEncodedBuffer())
  } finally {
    encoder.delete()
  }
}

function box(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length + 8)
  return Buffer.concat([length, Buffer.from(type, 'ascii'), data])
}

/** The same codestream in the JP2 file format (.jp2): signature, file type, then the codestream box. */
export function jp2File(codestream: Buffer): Buffer {
  const signature = Buffer.from([0x0d, 0x0a, 0x87, 0x0a])
  const fileType = Buffer.concat([Buffer.from('jp2 ', 'ascii'), Buffer.alloc(4), Buffer.from('jp2 ', 'ascii')])
  return Buffer.concat([box('jP  ', signature), box('ftyp', fileType), box('jp2c', codestream)])
}

/** A JPEG 2000 codestream whose SIZ claims 60 000 × 60 000 pixels. */
export async function jpeg2000PixelFlood(): Promise<Buffer> {
  const codestream = Buffer.from(await jpeg2000Codestream(64, 64))
  codestream.writeUInt32BE(60_000, 8)
  codestream.writeUInt32BE(60_000, 12)
  return codestream
}

/**
 * A JPEG 2000 decompression bomb, made here: a 64 × 64 codestream (one tile of data, about 3.4 kB) whose SIZ marker
 * then declares 6000 × 6000 pixels in 64 px tiles, 8 836 tiles of which only the first is present. Under the
 * 40-megapixel limit, so only the tile check stands between it and a full-size decode.
 */
export async function jpeg2000TileBomb(): Promise<Buffer> {
  const codestream = Buffer.from(await jpeg2000Codestream(64, 64))
  codestream.writeUInt32BE(6000, 8)
  codestream.writeUInt32BE(6000, 12)
  codestream.writeUInt32BE(64, 24)
  codestream.writeUInt32BE(64, 28)
  return codestream
}

/** multipart/form-data for app.inject: fields first, then the file. */
export function multipartBody(fields: Record<string, string>, file?: { name: string; type: string; bytes: Buffer }) {
  const boundary = `----keelson${Math.random().toString(16).slice(2)}`
  const parts: Buffer[] = []
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`))
  }
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${file.name}"\r\ncontent-type: ${file.type}\r\n\r\n`))
    parts.push(file.bytes, Buffer.from('\r\n'))
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`))
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}
