// A hosted support chat (SUPPORT_CHAT_CRISP_ID or SUPPORT_CHAT_TAWK_ID): the app learns which chat to show from /getSupportChatProvider, and
// the content-security policy names the provider's origins only when one is configured, so an unconfigured server
// never lets a page load anything of it.
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readEnv } from '../../env.ts'
import { buildTestApp, call } from '../../test/helpers.ts'

const WEBSITE_ID = '3f2b1c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d'
const TAWK_ID = '5f1a2b3c4d5e6f7a8b9c0d1e/1h2i3j4k5'

function directive(csp: unknown, name: string): string[] {
  const found = String(csp).split(';').map((d) => d.trim().split(/\s+/)).find(([n]) => n === name)
  return found?.slice(1) ?? []
}

describe('support chat provider', () => {
  let own: FastifyInstance
  let hosted: FastifyInstance
  let tawk: FastifyInstance
  beforeAll(async () => {
    own = await buildTestApp()
    hosted = await buildTestApp({ hostedChat: { provider: 'crisp', websiteId: WEBSITE_ID } })
    tawk = await buildTestApp({ hostedChat: { provider: 'tawk', websiteId: TAWK_ID } })
  })
  afterAll(async () => {
    await own?.close()
    await hosted?.close()
    await tawk?.close()
  })

  it("is Keelson's own chat by default, and the CSP names no provider", async () => {
    const res = await call(own, 'GET', '/api/getSupportChatProvider')
    expect(res.body.data).toEqual({ provider: 'keelson' })
    expect(String(res.headers['content-security-policy'])).not.toContain('crisp')
    expect(String(res.headers['content-security-policy'])).not.toContain('tawk')
  })

  it("is Crisp's widget when configured, and the CSP admits Crisp's script, socket and worker origins only then", async () => {
    const res = await call(hosted, 'GET', '/api/getSupportChatProvider')
    expect(res.body.data).toEqual({ provider: 'crisp', websiteId: WEBSITE_ID })
    const csp = res.headers['content-security-policy']
    expect(directive(csp, 'script-src')).toEqual(["'self'", "'wasm-unsafe-eval'", 'https://client.crisp.chat'])
    expect(directive(csp, 'connect-src')).toContain('wss://client.relay.crisp.chat')
    expect(directive(csp, 'worker-src')).toEqual(["'self'", 'blob:', 'https://client.crisp.chat'])
    // The app's own sources stay as they were, and nothing of the other provider is opened.
    expect(directive(csp, 'default-src')).toEqual(["'self'"])
    expect(String(csp)).not.toContain('tawk')
  })

  it("is Tawk.to's widget when configured, and the CSP admits Tawk.to's origins only then, not Crisp's", async () => {
    const res = await call(tawk, 'GET', '/api/getSupportChatProvider')
    expect(res.body.data).toEqual({ provider: 'tawk', websiteId: TAWK_ID })
    const csp = res.headers['content-security-policy']
    expect(directive(csp, 'script-src')).toEqual(["'self'", "'wasm-unsafe-eval'", 'https://embed.tawk.to', 'https://*.tawk.to'])
    expect(directive(csp, 'connect-src')).toContain('wss://*.tawk.to')
    expect(directive(csp, 'frame-src')).toContain('https://*.tawk.to')
    expect(directive(csp, 'default-src')).toEqual(["'self'"])
    expect(String(csp)).not.toContain('crisp')
    expect(String(csp)).not.toContain('jsdelivr')
    // A page (not only /api) carries the same policy.
    expect(String((await tawk.inject({ method: 'GET', url: '/help/support' })).headers['content-security-policy'])).toContain('https://embed.tawk.to')
  })

  it('reads SUPPORT_CHAT_TAWK_ID, refuses a malformed one, and refuses both providers at once', () => {
    expect(readEnv({ SUPPORT_CHAT_TAWK_ID: ` ${TAWK_ID} ` }).app.hostedChat).toEqual({ provider: 'tawk', websiteId: TAWK_ID })
    expect(() => readEnv({ SUPPORT_CHAT_TAWK_ID: 'https://embed.tawk.to/x' })).toThrow('SUPPORT_CHAT_TAWK_ID must be a Tawk.to property and widget id')
    expect(() => readEnv({ SUPPORT_CHAT_TAWK_ID: '5f1a2b3c4d5e6f7a8b9c0d1e/"><script>' })).toThrow('SUPPORT_CHAT_TAWK_ID must be')
    expect(() => readEnv({ SUPPORT_CHAT_TAWK_ID: TAWK_ID, SUPPORT_CHAT_CRISP_ID: WEBSITE_ID })).toThrow('not both')
  })

  it('reads SUPPORT_CHAT_CRISP_ID from the environment and refuses one that is not a website id', () => {
    expect(readEnv({}).app.hostedChat).toBeUndefined()
    expect(readEnv({ SUPPORT_CHAT_CRISP_ID: ` ${WEBSITE_ID} ` }).app.hostedChat).toEqual({ provider: 'crisp', websiteId: WEBSITE_ID })
    expect(() => readEnv({ SUPPORT_CHAT_CRISP_ID: '"><script>' })).toThrow('SUPPORT_CHAT_CRISP_ID must be a Crisp website id')
  })
})
