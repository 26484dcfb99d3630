// A hosted support chat (Crisp) end to end. Without SUPPORT_CHAT_CRISP_ID nothing of it loads: no request to its
// origins, and the page's CSP does not name them. With it (a second server started here), /help/support loads the
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
  const crispRequests = requestsTo(page.context(), /crisp\.chat$/)
  const response = await page.goto('/help/support')
  expect(response?.headers()['content-security-policy']).not.toContain('crisp')
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
