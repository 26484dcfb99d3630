// User B signing in on the same browser after user A never sees A's balance, records, messages, invite code or
// account, not even for a frame: a MutationObserver, installed before A's session ends and on every page load after,
// records any DOM state showing one of A's values while A is not signed in.
import { expect, test, type Page } from '@playwright/test'
import { installWallet } from './fixtures/wallet.ts'
import { controlledByServiceWorker, signInFresh, token } from './fixtures/app.ts'

type Marks = { tokenA: string; secret: string; inviteCode: string; addressA: string; recordTimesA: string[] }

/** Runs in the page (also as an init script): records every sighting of A's values into sessionStorage. */
function watchForA(m: Marks) {
  const KEY = '__leaks'
  const record = (what: string) => {
    const seen = JSON.parse(sessionStorage.getItem(KEY) ?? '[]') as string[]
    seen.push(`${what} on ${location.pathname}`)
    sessionStorage.setItem(KEY, JSON.stringify(seen))
  }
  const isA = () => {
    try {
      return (JSON.parse(localStorage.getItem('keelson.session') ?? '{}') as { token?: string }).token === m.tokenA
    } catch {
      return false
    }
  }
  const texts = (selector: string) => [...document.querySelectorAll(selector)].map((e) => e.textContent ?? '')
  const scan = (mutations: MutationRecord[]) => {
    if (isA()) return
    for (const mutation of mutations) {
      const nodes = mutation.type === 'characterData' ? [mutation.target] : [...mutation.addedNodes]
      for (const node of nodes) {
        const text = node.textContent ?? ''
        if (text.includes(m.secret)) record("A's message")
        if (text.includes(m.inviteCode)) record("A's invite code")
      }
    }
    if (texts('[data-testid="book-badge"]').includes('Live')) record("A's live book")
    if (texts('[data-testid="balance-total"]').includes('0.00 USDT')) record("A's balance")
    const times = [...document.querySelectorAll('[data-testid="record-row"] time')].map((e) => e.getAttribute('datetime'))
    if (times.some((t) => t !== null && m.recordTimesA.includes(t))) record("A's record")
    if (texts('[data-testid="unread-badge"]').includes('2')) record("A's unread count")
    const addresses = [...document.querySelectorAll('[data-testid="account-address"]')].map((e) => e.getAttribute('data-address'))
    if (addresses.includes(m.addressA)) record("A's account")
  }
  new MutationObserver(scan).observe(document, { childList: true, subtree: true, characterData: true })
}

/** When each entry of the public runtime cache was stored (sw/cache-policy.ts stamps them). */
const publicCacheTimes = (page: Page) =>
  page.evaluate(async () => {
    const cache = await caches.open('keelson-runtime-public')
    const stored = await Promise.all((await cache.keys()).map((r) => cache.match(r)))
    return stored.map((r) => Number(r?.headers.get('x-keelson-stored-at')))
  })

const leaks = (page: Page) => page.evaluate(() => JSON.parse(sessionStorage.getItem('__leaks') ?? '[]') as string[])

test("user B signing in after user A never sees A's balance, records or messages", async ({ page, request }) => {
  const wallet = await installWallet(page)
  await signInFresh(page, wallet)
  // The service worker registers after the first screen; A's public answers are cached once it controls the page.
  await controlledByServiceWorker(page)
  const tokenA = (await token(page))!
  const addressA = wallet.address
  const headers = { Authorization: tokenA }

  // A gets what B cannot have: a message of its own and the live book (0.00 USDT); A's record rows carry the
  // millisecond of A's own demo funding.
  const secret = `For A only ${Date.now()}`
  expect((await request.post('/api/test/sendMessage', { headers, data: { title: secret, body: 'private' } })).status()).toBe(200)
  // A's screens fill the app's cache: the record (demo book), invite code, balance (live), messages.
  await page.goto('/profile/records')
  await expect(page.getByTestId('record-row')).toHaveCount(1)
  const recordTimesA = await page.getByTestId('record-row').locator('time').evaluateAll((ts) => ts.map((t) => t.getAttribute('datetime')!))
  await page.goto('/profile/invite')
  const inviteCode = (await page.getByTestId('invite-code').textContent())!
  await page.goto('/profile/balance')
  await page.getByTestId('balance-panel').getByRole('radio', { name: 'Live', exact: true }).click()
  await page.getByTestId('switch-live-confirm').click()
  await expect(page.getByTestId('balance-total')).toHaveText('0.00 USDT')
  await page.goto('/profile')
  await expect(page.getByTestId('account-address')).toHaveAttribute('data-address', addressA)
  await page.getByRole('link', { name: 'Notifications' }).click()
  await expect(page.getByText(secret)).toBeVisible()

  // Public answers reach the service worker's cache while A is signed in (no Authorization on them).
  await expect.poll(async () => (await publicCacheTimes(page)).length).toBeGreaterThan(0)
  const beforeSwitch = await page.evaluate(() => Date.now())

  const marks: Marks = { tokenA, secret, inviteCode, addressA, recordTimesA }
  await page.addInitScript(watchForA, marks)
  await page.evaluate(watchForA, marks)

  // The wallet moves to another account: A's session ends (revoked on the server too) and B signs in.
  const addressB = await wallet.switchAccount()
  await expect.poll(() => token(page)).not.toBeNull()
  expect(await token(page)).not.toBe(tokenA)
  await expect.poll(async () => (await request.get('/api/getMyAccountInfo', { headers })).status()).toBe(401)
  // The account change emptied the runtime caches: whatever is there now was stored after it.
  expect(Math.min(...(await publicCacheTimes(page)))).toBeGreaterThanOrEqual(beforeSwitch)

  await expect(page.getByTestId('message')).toHaveCount(1)
  await expect(page.getByText('Welcome aboard')).toBeVisible()
  await page.goto('/profile')
  await expect(page.getByTestId('account-address')).toHaveAttribute('data-address', addressB)
  await page.goto('/profile/invite')
  await expect(page.getByTestId('invite-code')).toHaveText(/^[A-HJ-KM-NP-Z2-9]{8}$/)
  await expect(page.getByTestId('invite-code')).not.toHaveText(inviteCode)
  await page.goto('/profile/records')
  await expect(page.getByTestId('record-row').filter({ hasText: 'Demo funds' })).toHaveCount(1)
  await expect(page.getByText('No more data')).toBeVisible()
  expect(recordTimesA).not.toContain(await page.getByTestId('record-row').locator('time').getAttribute('datetime'))
  await page.goto('/profile/balance')
  await expect(page.getByTestId('book-badge')).toHaveText('Demo')
  await expect(page.getByTestId('balance-total')).toHaveText('10,000.00 USDT')
  await page.goto('/')
  await expect(page.getByTestId('signed-in')).toBeVisible()
  await expect(page.getByTestId('book-badge')).toHaveText('Demo')

  expect(await leaks(page)).toEqual([])
  expect(wallet.calls.filter((m) => m === 'personal_sign')).toHaveLength(2)
})
