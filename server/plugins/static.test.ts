// The built app as a phone gets it: the pre-compressed copy it accepts (brotli, else gzip, else the file itself),
// caches that revalidate the shell and keep hashed assets for a year, and short headers on hashed assets.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp } from '../test/helpers.ts'

const SCRIPT = `export const answer = ${JSON.stringify('x'.repeat(2000))}\n`
const HTML = '<!doctype html><title>Keelson</title><div id="root"></div>'
const OPS_HTML = '<!doctype html><title>Keelson ops</title><div id="root"></div>'
const SW = 'self.addEventListener("install", () => self.skipWaiting())'
const ASSET = '/assets/index-Dtczbz_m.js'

/** A built folder as vite.config.ts leaves it: each text file with its .br and .gz copies. */
function writeWithCopies(path: string, text: string) {
  writeFileSync(path, text)
  writeFileSync(`${path}.br`, brotliCompressSync(text))
  writeFileSync(`${path}.gz`, gzipSync(text))
}

let staticDir: string
let app: FastifyInstance
beforeAll(async () => {
  staticDir = mkdtempSync(join(tmpdir(), 'keelson-static-'))
  mkdirSync(join(staticDir, 'assets'))
  writeWithCopies(join(staticDir, 'index.html'), HTML)
  writeWithCopies(join(staticDir, 'ops.html'), OPS_HTML)
  writeWithCopies(join(staticDir, 'sw.js'), SW)
  writeWithCopies(join(staticDir, 'assets', 'index-Dtczbz_m.js'), SCRIPT)
  // A small file the build did not compress: always sent as it is.
  writeFileSync(join(staticDir, 'robots.txt'), 'User-agent: *\n')
  app = await buildTestApp({ staticDir })
})
afterAll(async () => {
  await app?.close()
  rmSync(staticDir, { recursive: true, force: true })
})

const get = (url: string, acceptEncoding?: string, headers: Record<string, string> = {}) =>
  app.inject({ url, headers: { ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }), ...headers } })

describe('pre-compressed files', () => {
  it('sends brotli when the browser accepts it', async () => {
    const res = await get(ASSET, 'gzip, deflate, br, zstd')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBe('br')
    expect(res.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/)
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i)
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT)
    expect(res.rawPayload.length).toBeLessThan(SCRIPT.length / 10)
  })

  it('sends gzip when brotli is not accepted', async () => {
    const res = await get(ASSET, 'gzip, deflate')
    expect(res.headers['content-encoding']).toBe('gzip')
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i)
    expect(gunzipSync(res.rawPayload).toString()).toBe(SCRIPT)
  })

  it('sends the file itself when neither is accepted', async () => {
    for (const accept of [undefined, 'identity']) {
      const res = await get(ASSET, accept)
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-encoding']).toBeUndefined()
      expect(res.body).toBe(SCRIPT)
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i)
    }
  })

  it('sends a file without copies as it is, even to a browser that accepts brotli', async () => {
    const res = await get('/robots.txt', 'br, gzip')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.body).toBe('User-agent: *\n')
  })

  it('compresses the shell for client-side routes too', async () => {
    for (const url of ['/', '/trades', '/pass/login']) {
      const res = await get(url, 'br, gzip')
      expect(res.statusCode, url).toBe(200)
      expect(res.headers['content-encoding'], url).toBe('br')
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(HTML)
      expect(res.headers['cache-control'], url).toBe('no-cache')
    }
  })

  it('answers a repeat visit with 304 when the ETag still matches', async () => {
    const first = await get(ASSET, 'br')
    const etag = first.headers.etag
    expect(etag).toBeTruthy()
    const again = await get(ASSET, 'br', { 'if-none-match': String(etag) })
    expect(again.statusCode).toBe(304)
    expect(again.rawPayload.length).toBe(0)
  })
})

describe('caching and headers', () => {
  it('revalidates sw.js and index.html on every load, whatever the encoding', async () => {
    for (const accept of ['br', 'gzip', undefined]) {
      expect((await get('/sw.js', accept)).headers['cache-control']).toBe('no-cache')
      expect((await get('/index.html', accept)).headers['cache-control']).toBe('no-cache')
    }
  })

  it('keeps hashed assets for a year', async () => {
    for (const accept of ['br', 'gzip', undefined]) {
      expect((await get(ASSET, accept)).headers['cache-control']).toBe('public, max-age=31536000, immutable')
    }
  })

  it('keeps the CSP on the document and the worker, and drops document-only headers from hashed assets', async () => {
    const page = await get('/', 'br')
    expect(page.headers['content-security-policy']).toContain("script-src 'self'")
    expect(page.headers['x-frame-options']).toBeTruthy()
    expect((await get('/sw.js', 'br')).headers['content-security-policy']).toBeTruthy()
    const asset = await get(ASSET, 'br')
    expect(asset.headers['content-security-policy']).toBeUndefined()
    expect(asset.headers['x-frame-options']).toBeUndefined()
    expect(asset.headers['x-content-type-options']).toBe('nosniff')
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin')
  })

  it('still answers a missing asset with a 404, not the shell', async () => {
    const res = await get('/assets/missing-abcdefgh.js', 'br, gzip')
    expect(res.statusCode).toBe(404)
    expect(res.json()).toMatchObject({ code: 404 })
  })
})

describe('the operator console', () => {
  it('answers /ops and its client-side routes with ops.html, never the user app, and revalidates it', async () => {
    for (const url of ['/ops', '/ops/', '/ops/users', '/ops/users?id=1']) {
      const res = await get(url)
      expect(res.statusCode).toBe(200)
      expect(res.body).toBe(OPS_HTML)
      expect(res.headers['cache-control']).toBe('no-cache')
    }
    // Paths that only start with the letters are the user app's.
    expect((await get('/opsx')).body).toBe(HTML)
  })
})
