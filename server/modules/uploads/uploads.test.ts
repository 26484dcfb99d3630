import { createHash } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Upload } from '#contract/uploads.ts'
import { serverMessages } from '#contract/server-messages.ts'
import { buildTestApp, signIn } from '../../test/helpers.ts'
import {
  GPS_MARKER,
  HTML,
  MAKER_MARKER,
  SVG,
  jp2File,
  jpeg2000Codestream,
  jpeg2000PixelFlood,
  jpeg2000TileBomb,
  jpegHtmlPolyglot,
  jpegWithGps,
  multipartBody,
  noisyJpeg,
  plainPng,
  pngPixelFlood,
  truncatedPng,
} from './test-files.ts'

const FORMAT = serverMessages.imageFormat.message

let app: FastifyInstance
let uploadDir: string
beforeAll(async () => {
  uploadDir = mkdtempSync(join(tmpdir(), 'keelson-uploads-'))
  app = await buildTestApp({ uploadDir })
})
afterAll(async () => {
  await app?.close()
  rmSync(uploadDir, { recursive: true, force: true })
})

type Sent = { name?: string; type?: string; purpose?: string; token?: string; language?: string }

async function upload(bytes: Buffer | null, sent: Sent = {}) {
  const fields: Record<string, string> = sent.purpose === undefined ? { purpose: 'kyc' } : sent.purpose === '' ? {} : { purpose: sent.purpose }
  const file = bytes ? { name: sent.name ?? 'photo.jpg', type: sent.type ?? 'image/jpeg', bytes } : undefined
  const { payload, headers } = multipartBody(fields, file)
  const all: Record<string, string> = { ...headers }
  if (sent.token) all.authorization = `Bearer ${sent.token}`
  if (sent.language) all.language = sent.language
  const res = await app.inject({ method: 'POST', url: '/api/imgUpload', payload, headers: all })
  return { status: res.statusCode, body: res.json() as { code: number; msg: string; data: Upload | null } }
}

async function fetchPicture(id: string, token?: string) {
  const res = await app.inject({ method: 'GET', url: `/api/upload/${id}`, headers: token ? { authorization: `Bearer ${token}` } : {} })
  return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload }
}

let token: string
beforeAll(async () => {
  token = (await signIn(app)).token
})

describe('POST /api/imgUpload', () => {
  it('stores a JPEG re-encoded under UPLOAD_DIR, with its size and sha256, and serves it to its owner', async () => {
    const photo = await noisyJpeg(320, 240)
    const res = await upload(photo, { token, name: 'id-front.jpg' })
    expect(res.status).toBe(200)
    const saved = res.body.data!
    expect(saved).toMatchObject({ purpose: 'kyc', mime: 'image/jpeg', width: 320, height: 240 })
    const onDisk = readFileSync(join(uploadDir, saved.id.slice(0, 2), saved.id))
    expect(onDisk.length).toBe(saved.size)
    expect(createHash('sha256').update(onDisk).digest('hex')).toBe(saved.sha256)
    // Re-encoded, not the bytes sent.
    expect(onDisk.equals(photo)).toBe(false)
    const served = await fetchPicture(saved.id, token)
    expect(served.status).toBe(200)
    expect(served.headers['content-type']).toBe('image/jpeg')
    expect(served.headers['x-content-type-options']).toBe('nosniff')
    expect(served.headers['content-security-policy']).toContain('sandbox')
    expect(served.bytes.equals(onDisk)).toBe(true)
  })

  it('keeps a PNG a PNG', async () => {
    const res = await upload(await plainPng(120, 80), { token, name: 'shot.png', type: 'image/png', purpose: 'deposit' })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ purpose: 'deposit', mime: 'image/png', width: 120, height: 80 })
  })

  it('takes JPEG 2000, as a bare codestream and as a .jp2 file, and stores a JPEG', async () => {
    const codestream = await jpeg2000Codestream(96, 64)
    for (const bytes of [codestream, jp2File(codestream)]) {
      const res = await upload(bytes, { token, name: 'scan.jp2', type: 'image/jp2' })
      expect(res.status).toBe(200)
      expect(res.body.data).toMatchObject({ mime: 'image/jpeg', width: 96, height: 64 })
      const served = await fetchPicture(res.body.data!.id, token)
      expect((await sharp(served.bytes).metadata()).format).toBe('jpeg')
    }
  })

  it('decodes JPEG 2000 off the event loop: other requests keep being served meanwhile', async () => {
    const codestream = await jpeg2000Codestream(2400, 1800)
    let longest = 0
    let last = performance.now()
    const timer = setInterval(() => {
      longest = Math.max(longest, performance.now() - last)
      last = performance.now()
    }, 10)
    try {
      const res = await upload(codestream, { token, name: 'big.jp2', type: 'image/jp2' })
      expect(res.status).toBe(200)
      expect(res.body.data).toMatchObject({ width: 2400, height: 1800 })
    } finally {
      clearInterval(timer)
    }
    // On the main thread this decode holds the loop for most of a second.
    expect(longest).toBeLessThan(250)
  })

  it('decides by the bytes, not the name or type: a JPEG called scan.png is taken as the JPEG it is', async () => {
    const res = await upload(await noisyJpeg(40, 30), { token, name: 'scan.png', type: 'image/png' })
    expect(res.status).toBe(200)
    expect(res.body.data!.mime).toBe('image/jpeg')
  })

  it('cleans a photo of its EXIF: no GPS position, no camera, and the orientation applied to the pixels', async () => {
    const photo = await jpegWithGps()
    expect(photo.includes(GPS_MARKER)).toBe(true)
    expect((await sharp(photo).metadata()).orientation).toBe(6)
    const res = await upload(photo, { token })
    expect(res.status).toBe(200)
    const stored = (await fetchPicture(res.body.data!.id, token)).bytes
    const meta = await sharp(stored).metadata()
    expect(meta.exif).toBeUndefined()
    expect(meta.orientation).toBeUndefined()
    expect(stored.includes(GPS_MARKER)).toBe(false)
    expect(stored.includes(MAKER_MARKER)).toBe(false)
    // 64 × 48 turned a quarter: it stands as it was taken.
    expect([meta.width, meta.height]).toEqual([48, 64])
  })

  it('cleans a JPEG/HTML polyglot: the picture is kept, the markup is gone', async () => {
    const polyglot = await jpegHtmlPolyglot()
    expect(polyglot.includes(HTML)).toBe(true)
    const res = await upload(polyglot, { token, name: 'page.html', type: 'text/html' })
    expect(res.status).toBe(200)
    const stored = (await fetchPicture(res.body.data!.id, token)).bytes
    expect(stored.includes('<script')).toBe(false)
    expect(stored.includes('<html')).toBe(false)
  })

  it.each([
    ['an SVG', Buffer.from(SVG), 'drawing.svg', 'image/svg+xml'],
    ['an SVG named .jpg', Buffer.from(SVG), 'photo.jpg', 'image/jpeg'],
    ['an HTML page named .png', Buffer.from(`<!doctype html>${HTML}`), 'photo.png', 'image/png'],
    ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), 'a.gif', 'image/gif'],
  ])('refuses %s with the spec’s format message, storing nothing', async (_, bytes, name, type) => {
    const before = await countUploads()
    const res = await upload(bytes, { token, name, type })
    expect(res.status).toBe(400)
    expect(res.body.msg).toBe(FORMAT)
    expect(await countUploads()).toBe(before)
  })

  it('refuses a pixel flood from the header, before decoding it (PNG and JPEG 2000)', async () => {
    for (const bytes of [pngPixelFlood(), await jpeg2000PixelFlood()]) {
      expect(bytes.length).toBeLessThan(10_000)
      const started = Date.now()
      const res = await upload(bytes, { token, name: 'flood.png', type: 'image/png' })
      expect(res.status).toBe(400)
      expect(res.body.msg).toBe('The picture has more than 40 megapixels; please send a smaller one')
      // Decoding 10 gigapixels would take minutes and 30 GB; the header alone takes milliseconds.
      expect(Date.now() - started).toBeLessThan(5000)
    }
  })

  it('refuses a JPEG 2000 bomb (6000 × 6000 declared in 64 px tiles, one present) before decoding, keeping nobody waiting', async () => {
    const bomb = await jpeg2000TileBomb()
    expect(bomb.length).toBeLessThan(4000)
    const started = Date.now()
    const [bombed, photo] = await Promise.all([
      upload(bomb, { token, name: 'bomb.j2k', type: 'image/jp2' }),
      upload(await noisyJpeg(16, 16), { token, name: 'photo.jpg', type: 'image/jpeg' }),
    ])
    expect([bombed.status, bombed.body.msg]).toEqual([400, serverMessages.imageDamaged.message])
    expect(photo.status).toBe(200)
    // Decoding it took seconds and about a gigabyte; the tile count is read from the header in milliseconds.
    expect(Date.now() - started).toBeLessThan(2000)
  })

  it('refuses a truncated PNG as damaged', async () => {
    const res = await upload(await truncatedPng(), { token, name: 'cut.png', type: 'image/png' })
    expect(res.status).toBe(400)
    expect(res.body.msg).toBe(serverMessages.imageDamaged.message)
  })

  it('refuses a file over 10 MB with 413 while it streams in', async () => {
    const big = Buffer.concat([await noisyJpeg(16, 16), Buffer.alloc(10 * 1024 * 1024)])
    const res = await upload(big, { token })
    expect(res.status).toBe(413)
    expect(res.body.msg).toBe('The picture is larger than 10 MB; please send a smaller one')
  })

  it('asks for the picture when the form has none, and refuses an unknown purpose', async () => {
    const none = await upload(null, { token })
    expect(none.status).toBe(400)
    expect(none.body.msg).toBe('upload the required picture')
    const empty = await upload(Buffer.alloc(0), { token })
    expect(empty.body.msg).toBe('upload the required picture')
    const purpose = await upload(await noisyJpeg(16, 16), { token, purpose: 'avatar' })
    expect(purpose.status).toBe(400)
    expect(purpose.body.msg).toBe('Invalid input: purpose')
  })

  it('refuses a JSON body (not a form)', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/imgUpload', payload: { file: 'x' }, headers: { authorization: `Bearer ${token}` } })
    expect(res.statusCode).toBe(415)
  })

  it('answers 401 without a sign-in, before reading the picture', async () => {
    const before = await countUploads()
    const res = await upload(await noisyJpeg(16, 16))
    expect(res.status).toBe(401)
    expect(await countUploads()).toBe(before)
  })
})

describe('GET /api/upload/<id>', () => {
  it('answers 404 for another user’s picture, exactly as for none, and 401 without a sign-in', async () => {
    const mine = (await upload(await noisyJpeg(16, 16), { token })).body.data!
    const other = await signIn(app)
    const theirs = await fetchPicture(mine.id, other.token)
    expect(theirs.status).toBe(404)
    const missing = await fetchPicture('00000000-0000-4000-8000-000000000000', other.token)
    expect(missing.status).toBe(404)
    expect(theirs.bytes.toString()).toBe(missing.bytes.toString())
    expect((await fetchPicture('../../etc/passwd', token)).status).toBe(404)
    expect((await fetchPicture(mine.id)).status).toBe(401)
  })
})

describe('UPLOAD_DIR', () => {
  it('may not be inside the static root: the server refuses to start', async () => {
    const root = mkdtempSync(join(tmpdir(), 'keelson-static-'))
    try {
      await expect(buildTestApp({ staticDir: root, uploadDir: join(root, 'uploads') })).rejects.toThrow(/static root/)
      expect(existsSync(join(root, 'uploads'))).toBe(false)
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  })
})

async function countUploads() {
  const { uploads } = await import('./uploads.table.ts')
  return (await app.db.select().from(uploads)).length
}
