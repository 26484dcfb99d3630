// A hosted support chat (Crisp, or Tawk.to) end to end. Without SUPPORT_CHAT_CRISP_ID or SUPPORT_CHAT_TAWK_ID nothing
// of either loads: no request to their origins, and the page's CSP does not name them. With it (a second server started here), /help/support loads the
// widget under the CSP the server sends, keeps a signed-in user's chat id on the server (/cacheChatId) so the conversation resumes,
// keeps the safety banner, and says in words within 8 s when the provider cannot be reached. Nothing hosted is
// reachable here, so the provider's script is a stand-in served by the test at its real address.
import { spawn, type ChildProcess } from 'node:child_process'
import { expect, test, type BrowserContext, type Page } from '@playwright/test'
import { continueIntro, signInFresh, token } from './fixtures/app.ts'
import { installWallet } from './fixtures/wallet.ts'

const WEBSITE_ID = '3f2b1c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d'
const BANNER = 'Staff will never ask for your recovery phrase or private key, or for you to send funds to an address.'

/** Records what the app handed the widget, and every command pushed to it, as Crisp's loader would receive them. */
const STAND_IN = `
window.__crisp = { id: window.CRISP_WEBSITE_ID, token: window.CRISP_TOKEN_ID || null,
  locale: window.CRISP_RUNTIME_CONFIG && window.CRISP_RUNTIME_CONFIG.locale, commands: (window.$crisp || []).slice() };
window.$crisp = { push: function (command) { window.__crisp.commands.push(command) } };
`

type Widget = { id: string; token: string | null; locale: string; commands: string[][] }
const widget = (page: Page) => page.evaluate(() => (window as unknown as { __crisp?: Widget }).__crisp ?? null)

function requestsTo(context: BrowserContext, host: RegExp): string[] {
  const seen: string[] = []
  context.on('request', (request) => void (host.test(new URL(request.url()).hostname) && seen.push(request.url())))
  return seen
}

test("without a hosted chat configured, the support page loads nothing of one and shows Keelson's own chat", async ({ page }) => {
  const crispRequests = requestsTo(page.context(), /(^|\.)(crisp\.chat|tawk\.to)$/)
  const response = await page.goto('/help/support')
  expect(response?.headers()['content-security-policy']).not.toContain('crisp')
  expect(response?.headers()['content-security-policy']).not.toContain('tawk')
  await expect(page.getByTestId('support-banner')).toHaveText(BANNER)
  await expect(page.getByText('Sign in to chat with our support team.')).toBeVisible()
  const wallet = await installWallet(page)
  await signInFresh(page, wallet)
  await page.goto('/help/support')
  await expect(page.getByTestId('support-input')).toBeVisible()
  await expect(page.locator('script[data-hosted-chat]')).toHaveCount(0)
  expect(crispRequests).toEqual([])
})

test.describe('with SUPPORT_CHAT_CRISP_ID', () => {
  // A fresh server with a fresh data folder: on a loaded machine it has taken most of a minute to start.
  test.describe.configure({ timeout: 120_000 })
  let server: ChildProcess | undefined
  let baseURL = ''

  test.beforeAll(async () => {
    test.setTimeout(240_000)
    const port = Number(process.env.E2E_PORT ?? 8190) + 100
    baseURL = `http://127.0.0.1:${port}`
    server = spawn(process.execPath, ['tests/e2e/serve.ts'], {
      env: { ...process.env, PORT: String(port), SUPPORT_CHAT_CRISP_ID: WEBSITE_ID },
      stdio: 'ignore',
    })
    const deadline = Date.now() + 180_000
    while (Date.now() < deadline) {
      const up = await fetch(`${baseURL}/api/health`).then((r) => r.ok, () => false)
      if (up) return
      await new Promise((resolve) => setTimeout(resolve, 500))
    }
    throw new Error(`the second server did not answer on ${baseURL} within 180 s`)
  })
  test.afterAll(() => void server?.kill())

  test('the widget loads under the CSP, opens, keeps the user’s chat id on the server, and the banner stays', async ({ browser }) => {
    const context = await browser.newContext({ baseURL })
    await context.route('https://client.crisp.chat/**', (route) => route.fulfill({ contentType: 'text/javascript', body: STAND_IN }))
    const page = await context.newPage()
    const response = await page.goto('/help/support')
    expect(response?.headers()['content-security-policy']).toContain('https://client.crisp.chat')
    await expect(page.getByTestId('support-banner')).toHaveText(BANNER)
    // Signed out: the widget opens without a chat id.
    await expect(page.getByTestId('hosted-chat')).toHaveAttribute('data-status', 'ready')
    expect(await widget(page)).toMatchObject({ id: WEBSITE_ID, token: null, locale: 'en' })
    expect((await widget(page))!.commands).toContainEqual(['do', 'chat:open'])

    const cacheWrites: string[] = []
    page.on('request', (request) => void (request.url().endsWith('/api/cacheChatId') && cacheWrites.push(request.method())))
    const wallet = await installWallet(page)
    await signInFresh(page, wallet)
    await page.goto('/help/support')
    await expect(page.getByTestId('hosted-chat')).toHaveAttribute('data-status', 'ready')
    const kept = await page.request.get('/api/getCacheChatId', { headers: { authorization: `Bearer ${await token(page)}` } })
    const chatId = ((await kept.json()) as { data: { chatId: string | null } }).data.chatId
    expect(chatId).toMatch(/^[0-9a-f-]{36}$/)
    expect((await widget(page))!.token).toBe(chatId)
    await expect(page.getByTestId('support-input')).toHaveCount(0)

    // The id lives on the server, not in this browser: a new start of the app reads it back and keeps no other.
    await page.reload()
    await expect(page.getByTestId('hosted-chat')).toHaveAttribute('data-status', 'ready')
    expect((await widget(page))!.token).toBe(chatId)
    expect(cacheWrites).toHaveLength(1)
    await context.close()
  })

  test('when the provider cannot be reached, the page says so within 8 s and offers a retry', async ({ browser }) => {
    const context = await browser.newContext({ baseURL })
    await context.route('https://client.crisp.chat/**', (route) => route.abort('internetdisconnected'))
    const page = await context.newPage()
    await page.goto('/')
    await continueIntro(page)
    await page.goto('/help/support')
    await expect(page.getByText('The chat could not load. Check your connection and try again.')).toBeVisible({ timeout: 8_000 })
    await expect(page.getByTestId('support-banner')).toHaveText(BANNER)
    await context.unroute('https://client.crisp.chat/**')
    await context.route('https://client.crisp.chat/**', (route) => route.fulfill({ contentType: 'text/javascript', body: STAND_IN }))
    await page.getByRole('button', { name: 'Retry' }).click()
    await expect(page.getByTestId('hosted-chat')).toHaveAttribute('data-status', 'ready')
    await context.close()
  })
})

/** Records what the app handed Tawk.to's widget and what it asked of it, as Tawk.to's embed script would see it. */
const TAWK_STAND_IN = `
window.__tawk = { calls: [], attributes: null, src: document.currentScript && document.currentScript.src };
var api = window.Tawk_API;
api.maximize = function () { window.__tawk.calls.push('maximize') };
api.showWidget = function () { window.__tawk.calls.push('showWidget') };
api.hideWidget = function () { window.__tawk.calls.push('hideWidget') };
api.setAttributes = function (attributes) { window.__tawk.attributes = attributes };
if (api.onLoad) api.onLoad();
`
type TawkRecord = { calls: string[]; attributes: Record<string, string> | null; src: string }
const tawkWidget = (page: Page) => page.evaluate(() => (window as unknown as { __tawk?: TawkRecord }).__tawk ?? null)

test.describe('with SUPPORT_CHAT_TAWK_ID', () => {
  const TAWK_ID = '5f1a2b3c4d5e6f7a8b9c0d1e/1h2i3j4k5'
  test.describe.configure({ timeout: 120_000 })
  let server: ChildProcess | undefined
  let baseURL = ''

  test.beforeAll(async () => {
    test.setTimeout(240_000)
    const port = Number(process.env.E2E_PORT ?? 8190) + 200
    baseURL = `http://127.0.0.1:${port}`
    server = spawn(process.execPath, ['tests/e2e/serve.ts'], {
      env: { ...process.env, PORT: String(port), SUPPORT_CHAT_TAWK_ID: TAWK_ID },
      stdio: 'ignore',
    })
    const deadline = Date.now() + 180_000
    while (Date.now() < deadline) {
      const up = await fetch(`${baseURL}/api/health`).then((r) => r.ok, () => false)
      if (up) return
      await new Promise((resolve) => setTimeout(resolve, 500))
    }
    throw new Error(`the second server did not answer on ${baseURL} within 180 s`)
  })
  test.afterAll(() => void server?.kill())

  test('Tawk.to’s widget loads under the CSP instead of Crisp’s, opens, gets the user’s kept chat id, and the banner stays', async ({ browser }) => {
    const context = await browser.newContext({ baseURL })
    const crispRequests = requestsTo(context, /(^|\.)crisp\.chat$/)
    await context.route('https://embed.tawk.to/**', (route) => route.fulfill({ contentType: 'text/javascript', body: TAWK_STAND_IN }))
    const page = await context.newPage()
    const response = await page.goto('/help/support')
    const csp = response?.headers()['content-security-policy']
    expect(csp).toContain('https://embed.tawk.to')
    expect(csp).not.toContain('crisp')
    await expect(page.getByTestId('support-banner')).toHaveText(BANNER)
    await expect(page.getByTestId('hosted-chat')).toHaveAttribute('data-status', 'ready')
    expect(await tawkWidget(page)).toMatchObject({ src: `https://embed.tawk.to/${TAWK_ID}`, attributes: null })
    expect((await tawkWidget(page))!.calls).toContain('maximize')

    const wallet = await installWallet(page)
    await signInFresh(page, wallet)
    await page.goto('/help/support')
    await expect(page.getByTestId('hosted-chat')).toHaveAttribute('data-status', 'ready')
    const kept = await page.request.get('/api/getCacheChatId', { headers: { authorization: `Bearer ${await token(page)}` } })
    const chatId = ((await kept.json()) as { data: { chatId: string | null } }).data.chatId
    expect(chatId).toMatch(/^[0-9a-f-]{36}$/)
    expect((await tawkWidget(page))!.attributes).toEqual({ 'keelson-chat-id': chatId })
    await expect(page.getByTestId('support-input')).toHaveCount(0)
    await page.getByTestId('hosted-chat-open').click()
    expect((await tawkWidget(page))!.calls.filter((c) => c === 'maximize')).toHaveLength(2)
    expect(crispRequests).toEqual([])
    await context.close()
  })
})
