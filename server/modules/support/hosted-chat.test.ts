// A hosted support chat (SUPPORT_CHAT_CRISP_ID): the app learns which chat to show from /getSupportChatProvider, and
// the content-security policy names the provider's origins only when one is configured, so an unconfigured server
// never lets a page load anything of it.
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readEnv } from '../../env.ts'
import { buildTestApp, call } from '../../test/helpers.ts'

const WEBSITE_ID = '3f2b1c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d'

function directive(csp: unknown, name: string): string[] {
  const found = String(csp).split(';').map((d) => d.trim().split(/\s+/)).find(([n]) => n === name)
  return found?.slice(1) ?? []
}

describe('support chat provider', () => {
  let own: FastifyInstance
  let hosted: FastifyInstance
  beforeAll(async () => {
    own = await buildTestApp()
    hosted = await buildTestApp({ hostedChat: { provider: 'crisp', websiteId: WEBSITE_ID } })
  })
  afterAll(async () => {
    await own?.close()
    await hosted?.close()
  })

  it("is Keelson's own chat by default, and the CSP names no provider", async () => {
    const res = await call(own, 'GET', '/api/getSupportChatProvider')
    expect(res.body.data).toEqual({ provider: 'keelson' })
    expect(String(res.headers['content-security-policy'])).not.toContain('crisp')
  })

  it("is Crisp's widget when configured, and the CSP admits Crisp's script, socket and worker origins only then", async () => {
    const res = await call(hosted, 'GET', '/api/getSupportChatProvider')
    expect(res.body.data).toEqual({ provider: 'crisp', websiteId: WEBSITE_ID })
    const csp = res.headers['content-security-policy']
    expect(directive(csp, 'script-src')).toEqual(["'self'", "'wasm-unsafe-eval'", 'https://client.crisp.chat'])
    expect(directive(csp, 'connect-src')).toContain('wss://client.relay.crisp.chat')
    expect(directive(csp, 'worker-src')).toEqual(["'self'", 'blob:', 'https://client.crisp.chat'])
    // The app's own sources stay as they were.
    expect(directive(csp, 'default-src')).toEqual(["'self'"])
  })

  it('reads SUPPORT_CHAT_CRISP_ID from the environment and refuses one that is not a website id', () => {
    expect(readEnv({}).app.hostedChat).toBeUndefined()
    expect(readEnv({ SUPPORT_CHAT_CRISP_ID: ` ${WEBSITE_ID} ` }).app.hostedChat).toEqual({ provider: 'crisp', websiteId: WEBSITE_ID })
    expect(() => readEnv({ SUPPORT_CHAT_CRISP_ID: '"><script>' })).toThrow('SUPPORT_CHAT_CRISP_ID must be a Crisp website id')
  })
})
