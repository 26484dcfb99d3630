// Headers on every answer, CORS, request ids, and serving the built app with the right caching.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp } from '../test/helpers.ts'

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
    expect(csp).toContain("worker-src 'self'")
    expect(csp).not.toContain('upgrade-insecure-requests')
    expect(res.headers['x-content-type-options']).toBe('nosniff')
  })

  it('never lets an API answer be cached, success or not', async () => {
    for (const url of ['/api/queryLanguageList', '/api/nope', '/api/getMyAccountInfo']) {
      expect((await app.inject({ url })).headers['cache-control']).toBe('no-store')
    }
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
