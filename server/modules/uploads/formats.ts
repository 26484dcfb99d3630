// What a file is, decided by its first bytes, never by its name or the Content-Type the browser guessed: a renamed
// HTML page or an SVG (a script carrier) is none of these and is refused before any decoder sees it.
export type InputFormat = 'jpeg' | 'png' | 'jp2' | 'j2k'

const startsWith = (bytes: Uint8Array, signature: readonly number[]) =>
  bytes.length >= signature.length && signature.every((byte, i) => bytes[i] === byte)

/** JPEG: SOI then a marker. */
const JPEG = [0xff, 0xd8, 0xff]
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
/** JPEG 2000 file format (ISO 15444-1 annex I): the 12-byte signature box 'jP  ' with its CR LF 0x87 LF. */
const JP2 = [0x00, 0x00, 0x00, 0x0c, 0x6a, 0x50, 0x20, 0x20, 0x0d, 0x0a, 0x87, 0x0a]
/** A bare JPEG 2000 codestream: SOC then SIZ. */
const J2K = [0xff, 0x4f, 0xff, 0x51]

export function sniffFormat(bytes: Uint8Array): InputFormat | null {
  if (startsWith(bytes, JPEG)) return 'jpeg'
  if (startsWith(bytes, PNG)) return 'png'
  if (startsWith(bytes, JP2)) return 'jp2'
  if (startsWith(bytes, J2K)) return 'j2k'
  return null
}
