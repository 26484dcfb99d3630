// Renders the app icons (public/icons/*.png) from the same geometry as logo.svg: a navy tile with a teal hull and
// a white mast. Run once after changing the logo: node scripts/make-icons.ts. Pure Node (zlib), no image tools.
import { deflateSync } from 'node:zlib'
import { writeFileSync } from 'node:fs'

const NAVY = [11, 31, 51]
const TEAL = [20, 184, 166]
const WHITE = [255, 255, 255]

function crc32(buf: Buffer) {
  let c = ~0
  for (const byte of buf) {
    c ^= byte
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1))
  }
  return ~c >>> 0
}

function chunk(type: string, data: Buffer) {
  const len = Buffer.alloc(4)
  len.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([len, body, crc])
}

/** Colour at (u, v) in a 0..1 square; `pad` shrinks the artwork into the maskable safe zone. */
function pixel(u: number, v: number, pad: number, rounded: boolean): number[] | null {
  const r = 0.18
  if (rounded) {
    const dx = Math.max(r - u, 0, u - (1 - r))
    const dy = Math.max(r - v, 0, v - (1 - r))
    if (dx * dx + dy * dy > r * r) return null
  }
  const x = (u - pad) / (1 - 2 * pad)
  const y = (v - pad) / (1 - 2 * pad)
  // Hull: the lower half of an ellipse under a straight deck at y = 0.62.
  const hx = (x - 0.5) / 0.36
  const hy = (y - 0.62) / 0.2
  if (y >= 0.62 && hx * hx + hy * hy <= 1) return TEAL
  // Mast and sail.
  if (x > 0.49 && x < 0.53 && y > 0.18 && y < 0.62) return WHITE
  if (y > 0.22 && y < 0.56 && x > 0.55 && x < 0.55 + (y - 0.22) * 0.75) return WHITE
  return NAVY
}

function png(size: number, pad: number, rounded: boolean) {
  const raw = Buffer.alloc((size * 4 + 1) * size)
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0
    for (let x = 0; x < size; x++) {
      const c = pixel((x + 0.5) / size, (y + 0.5) / size, pad, rounded)
      const o = y * (size * 4 + 1) + 1 + x * 4
      raw[o] = c?.[0] ?? 0
      raw[o + 1] = c?.[1] ?? 0
      raw[o + 2] = c?.[2] ?? 0
      raw[o + 3] = c ? 255 : 0
    }
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(size, 0)
  ihdr.writeUInt32BE(size, 4)
  ihdr.set([8, 6, 0, 0, 0], 8)
  const sig = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10])
  return Buffer.concat([sig, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))])
}

writeFileSync('public/icons/icon-192.png', png(192, 0.06, true))
writeFileSync('public/icons/icon-512.png', png(512, 0.06, true))
writeFileSync('public/icons/icon-maskable-512.png', png(512, 0.2, false))
