// Headers on every answer, CORS, request ids, and serving the built app with the right caching.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp } from '../test/helpers.ts'

// What helmet and the API's onSend hook put on every answer.
const SECURITY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'cache-control',
]
const pick = (headers: Record<string, unknown>) => Object.fromEntries(SECURITY_HEADERS.map((name) => [name, headers[name]]))

/** One request on a fresh connection, as bytes, so that the server sees exactly what a hostile client sends. */
function rawRequest(at: URL, text: string): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    const socket = connect(Number(at.port), at.hostname, () => socket.write(text))
    socket.on('data', (chunk) => chunks.push(chunk))
    socket.on('error', reject)
    socket.on('close', () => {
      const [head = '', body = ''] = Buffer.concat(chunks).toString().split('\r\n\r\n')
      const [statusLine = '', ...lines] = head.split('\r\n')
      const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]))
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body })
    })
  })
}

let staticDir: string
let app: FastifyInstance
beforeAll(async () => {
  staticDir = mkdtempSync(join(tmpdir(), 'keelson-dist-'))
  mkdirSync(join(staticDir, 'assets'))
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Keelson</title>')
  writeFileSync(join(staticDir, 'sw.js'), 'self.skipWaiting()')
  writeFileSync(join(staticDir, 'manifest.webmanifest'), '{}')
  writeFileSync(join(staticDir, 'assets', 'index-Dtczbz_m.js'), 'console.log(1)')
  app = await buildTestApp({ staticDir })
})
afterAll(async () => {
  await app?.close()
  rmSync(staticDir, { recursive: true, force: true })
})

describe('security headers', () => {
  it('sends a CSP that lets the app and WalletConnect work, without upgrading http', async () => {
    const res = await app.inject({ url: '/' })
    const csp = String(res.headers['content-security-policy'])
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'")
    expect(csp).toContain("style-src 'self' 'unsafe-inline'")
    expect(csp).toContain('connect-src \'self\' ws: wss: https://*.walletconnect.com')
    expect(csp).toContain('frame-src https://verify.walletconnect.com')
    // The loan agreement is shown in a frame from a blob URL the page made.
    expect(csp).toMatch(/frame-src [^;]* blob:;/)
    expect(csp).toContain("worker-src 'self'")
    expect(csp).not.toContain('upgrade-insecure-requests')
    expect(res.headers['x-content-type-options']).toBe('nosniff')
  })

  it('never lets an API answer be cached, success or not', async () => {
    for (const url of ['/api/queryLanguageList', '/api/nope', '/api/getMyAccountInfo']) {
      expect((await app.inject({ url })).headers['cache-control']).toBe('no-store')
    }
  })

  it('says API answers vary with Language, so a cache keeps one copy per language', async () => {
    const res = await app.inject({ url: '/api/getNotice', headers: { language: 'de_DE' } })
    expect(String(res.headers.vary).split(/,\s*/)).toContain('Language')
  })

  it('puts the same security headers and no-store on answers sent before routing: a malformed URL, huge headers, garbage', async () => {
    const normal = await app.inject({ url: '/api/nope' })
    const expected = Object.fromEntries(SECURITY_HEADERS.map((name) => [name, normal.headers[name]]))
    expect(expected['content-security-policy']).toContain("default-src 'self'")

    for (const url of ['/api/%ff%fe', '/%ff', '/api/getConfigValue/%E0%A4%A']) {
      const malformed = await app.inject({ url })
      expect(malformed.statusCode, url).toBe(400)
      expect(malformed.json(), url).toEqual({ code: 400, msg: 'Invalid input: url', data: null })
      expect(pick(malformed.headers), url).toEqual(expected)
      expect(malformed.headers['x-request-id'], url).toEqual(expect.any(String))
    }

    const address = await app.listen({ port: 0, host: '127.0.0.1' })
    const tooLarge = await rawRequest(new URL(address), `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`)
    expect(tooLarge.status).toBe(431)
    expect(JSON.parse(tooLarge.body)).toEqual({ code: 431, msg: 'The request is too large', data: null })
    expect(pick(tooLarge.headers)).toEqual(expected)
    const garbage = await rawRequest(new URL(address), 'HELLO THERE\r\n\r\n')
    expect(garbage.status).toBe(400)
    expect(JSON.parse(garbage.body)).toEqual({ code: 400, msg: 'Invalid input: request', data: null })
    expect(pick(garbage.headers)).toEqual(expected)
  })

  it('echoes a sane request id and replaces a hostile one', async () => {
    const kept = await app.inject({ url: '/api/health', headers: { 'x-request-id': 'abc-123' } })
    expect(kept.headers['x-request-id']).toBe('abc-123')
    const replaced = await app.inject({ url: '/api/health', headers: { 'x-request-id': 'a\u007fb {"x":1}' } })
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('keeps CORS closed unless origins are configured', async () => {
    const headers = { origin: 'https://evil.example', 'access-control-request-method': 'POST' }
    const preflight = await app.inject({ method: 'OPTIONS', url: '/api/checkSign', headers })
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined()
    const open = await buildTestApp({ corsOrigins: ['https://app.example'] })
    try {
      const allowed = await open.inject({ method: 'OPTIONS', url: '/api/checkSign', headers: { ...headers, origin: 'https://app.example' } })
      expect(allowed.headers['access-control-allow-origin']).toBe('https://app.example')
      const refused = await open.inject({ method: 'OPTIONS', url: '/api/checkSign', headers })
      expect(refused.headers['access-control-allow-origin']).toBeUndefined()
    } finally {
      await open.close()
    }
  })
})

describe('the built app', () => {
  it('serves index.html and sw.js for revalidation, hashed assets as immutable', async () => {
    const index = await app.inject({ url: '/' })
    expect(index.body).toContain('<title>Keelson</title>')
    expect(index.headers['cache-control']).toBe('no-cache')
    expect((await app.inject({ url: '/sw.js' })).headers['cache-control']).toBe('no-cache')
    expect((await app.inject({ url: '/manifest.webmanifest' })).headers['cache-control']).toBe('no-cache')
    const asset = await app.inject({ url: '/assets/index-Dtczbz_m.js' })
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  })

  it('answers client-side routes with index.html, but not API paths or missing files', async () => {
    for (const url of ['/profile/security', '/sign?from=%2Ftrades', '/help']) {
      const res = await app.inject({ url })
      expect(res.statusCode, url).toBe(200)
      expect(res.body).toContain('<title>Keelson</title>')
      expect(res.headers['cache-control']).toBe('no-cache')
    }
    for (const url of ['/api/nope', '/assets/missing-abcdefgh.js', '/ws/x']) {
      const res = await app.inject({ url })
      expect(res.statusCode, url).toBe(404)
      expect(res.json()).toMatchObject({ code: 404 })
    }
    expect((await app.inject({ method: 'POST', url: '/profile' })).statusCode).toBe(404)
  })

  it('does not serve files outside the static directory', async () => {
    for (const url of ['/..%2f..%2f..%2fetc%2fpasswd', '/assets/..%2f..%2f..%2fetc%2fhosts.txt', '/%2e%2e/%2e%2e/etc/passwd']) {
      const res = await app.inject({ url })
      // A path without an extension is a client-side route and gets index.html; nothing outside dist/ leaks.
      expect(res.statusCode, url).toBeLessThan(500)
      expect(res.body, url).not.toMatch(/root:|localhost/)
    }
  })
})
