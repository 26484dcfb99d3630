// A phone with no wallet extension signs in with a wallet app over WalletConnect, offline: the app talks to a
// local relay (tests/e2e/fixtures/wc-relay.ts) and a test wallet built on @reown/walletkit plays the wallet app.
// The universal link the app opens is caught here (it would leave for the wallet app) and its pairing URI handed
// to the test wallet; every hosted WalletConnect/Reown call is refused, so nothing may depend on one.
import { expect, test, type Page } from '@playwright/test'
import { createTestRelay, type TestRelay } from './fixtures/wc-relay.ts'
import { createWcWallet, type WcTestWallet } from './fixtures/wc-wallet.ts'
import { continueIntro, token } from './fixtures/app.ts'
import { CATALOGUE_WALLETS, TEST_WALLET, serveWalletCatalogue } from './fixtures/wallet-catalogue.ts'

const RELAY_PORT = 8361
// A phone at 428 in either project (the QR test widens the page itself).
test.use({ viewport: { width: 428, height: 926 }, isMobile: true, hasTouch: true })
let relay: TestRelay
let wallet: WcTestWallet

test.beforeEach(async () => {
  relay = createTestRelay(RELAY_PORT)
  await relay.start()
  wallet = await createWcWallet(relay.url)
})

test.afterEach(async () => {
  await wallet.close()
  await relay.stop()
})

/** The app configured with a project id and pointed to the local relay; hosted calls refused; links caught. */
async function setUp(page: Page) {
  const hosted: string[] = []
  const opened: string[] = []
  await page.addInitScript((relayUrl) => {
    ;(window as { keelsonWalletConnect?: unknown }).keelsonWalletConnect = { projectId: 'keelson-e2e', relayUrl }
  }, relay.url)
  await page.route(/^https:\/\/([a-z0-9-]+\.)*(walletconnect\.(org|com)|reown\.com|web3modal\.(org|com))\//, (route) => {
    hosted.push(route.request().url())
    return route.abort('internetdisconnected')
  })
  // A wallet app's universal link: a 204 leaves the page where it is, as if the phone had switched apps.
  await page.route(/^https:\/\/(metamask\.app\.link|link\.trustwallet\.com|rnbwapp\.com|go\.cb-w\.com)\//, (route) => {
    opened.push(route.request().url())
    return route.fulfill({ status: 204 })
  })
  return { hosted, opened }
}

/** The pairing URI of the last wallet app the page opened. */
async function pairingUri(opened: string[]): Promise<string> {
  // It loads the WalletConnect code and reaches the relay first: as long as the sign-in's own waits below on a busy
  // machine (the offline case has its own 8 s promise, measured in msFromTapToOffline).
  await expect.poll(() => opened.length, { message: 'the app opens the wallet app', timeout: 20_000 }).toBeGreaterThan(0)
  const uri = new URL(opened.at(-1)!).searchParams.get('uri')
  expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
  return uri!
}

type OfflineStamps = { tap?: number; shown?: number }

/**
 * Milliseconds from the user's tap to the offline message, both stamped by the page itself (the tap's pointerdown,
 * the message's insertion): the time the user waits. Timed from the test's side, a busy machine adds the test's own
 * turns (finding the button, sending the click), which the user never waits for.
 */
async function msFromTapToOffline(page: Page, tap: () => Promise<void>): Promise<number> {
  await page.evaluate(() => {
    const stamps: OfflineStamps = {}
    ;(window as { offlineStamps?: OfflineStamps }).offlineStamps = stamps
    document.addEventListener('pointerdown', () => (stamps.tap ??= performance.now()), { capture: true, once: true })
    new MutationObserver((_, observer) => {
      if (!document.querySelector('[data-testid="walletconnect-offline"]')) return
      stamps.shown = performance.now()
      observer.disconnect()
    }).observe(document.body, { childList: true, subtree: true })
  })
  await tap()
  await page.getByTestId('walletconnect-offline').waitFor({ timeout: 20_000 })
  const stamps = await page.evaluate(() => (window as { offlineStamps?: OfflineStamps }).offlineStamps)
  expect(stamps?.tap, 'the tap reached the page').toBeDefined()
  expect(stamps?.shown, 'the message was inserted after the tap').toBeDefined()
  return stamps!.shown! - stamps!.tap!
}

test('without a project id, a phone with no wallet opens this page in a wallet app instead of nothing', async ({ page }) => {
  const opened: string[] = []
  await page.route(/^https:\/\/(metamask\.app\.link|link\.trustwallet\.com|go\.cb-w\.com)\//, (route) => {
    opened.push(route.request().url())
    return route.fulfill({ status: 204 })
  })
  await page.goto('/')
  await continueIntro(page)
  const links = page.getByTestId('wallet-browser-apps')
  for (const name of ['MetaMask', 'Trust Wallet', 'Coinbase Wallet']) await expect(links.getByRole('link', { name: `Open ${name}` })).toBeVisible()
  await expect(page.getByTestId('wallet-apps')).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Sign in with e\u2011mail' })).toBeVisible()
  // The wallet app's own browser gets this very page, where its injected wallet is offered directly.
  await links.getByRole('link', { name: 'Open MetaMask' }).click()
  await expect.poll(() => opened.length).toBe(1)
  expect(opened[0]).toBe(`https://metamask.app.link/dapp/${new URL(page.url()).host}/empty`)
})

test('a phone with no wallet picks a wallet app, approves and signs there, lands home signed in, and stays so after a reload', async ({ page }) => {
  const { opened } = await setUp(page)
  await page.goto('/')
  await continueIntro(page)
  const apps = page.getByTestId('wallet-apps')
  // The app's own list with names and icons, there at once (bundled, no hosted registry); every other wallet one
  // tap away in AppKit's catalogue.
  for (const name of ['MetaMask', 'Trust Wallet', 'Rainbow', 'Coinbase Wallet', 'Uniswap Wallet', 'Zerion'])
    await expect(apps.getByRole('button', { name })).toBeVisible()
  await expect
    .poll(() => apps.locator('img').evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).naturalWidth > 0)))
    .toBe(true)
  await expect(page.getByRole('button', { name: 'More wallet apps' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Sign in with e\u2011mail' })).toBeVisible()

  await apps.getByRole('button', { name: 'MetaMask' }).click()
  const uri = await pairingUri(opened)
  expect(opened[0]).toMatch(/^https:\/\/metamask\.app\.link\/wc\?uri=wc%3A/)
  await expect(page.getByText('Approve the connection in MetaMask, then come back here.')).toBeVisible()
  await wallet.pair(uri)

  // One tap: the session settles, the sign-in message goes to the wallet app and the user lands home.
  await expect(page.getByTestId('signed-in')).toBeVisible({ timeout: 20_000 })
  await expect(page).toHaveURL(/\/$/)
  expect(await token(page)).toMatch(/^[A-Za-z0-9_-]{20,}$/)
  expect(wallet.signatures()).toBe(1)

  await page.goto('/profile')
  await expect(page.getByTestId('account-address')).toHaveAttribute('data-address', wallet.address)
  // The phone reloads the tab while the user was away: the session comes back without asking again.
  await page.reload()
  await expect(page.getByTestId('account-address')).toHaveAttribute('data-address', wallet.address)
  await page.waitForTimeout(1500)
  await expect(page).toHaveURL(/\/profile$/)
  expect(wallet.signatures()).toBe(1)
  // The wallet app was asked for the sign-in signature and nothing else.
  expect(wallet.calls).toEqual(['personal_sign'])
})

test('a signature refused in the wallet app returns to the connect screen with a message, and signing again works', async ({ page }) => {
  const { opened } = await setUp(page)
  wallet.refuseNextSign()
  await page.goto('/')
  await continueIntro(page)
  await page.getByTestId('wallet-apps').getByRole('button', { name: 'Trust Wallet' }).click()
  await wallet.pair(await pairingUri(opened))
  await expect.poll(() => wallet.calls.length, { timeout: 20_000 }).toBe(1)
  await expect(page).toHaveURL(/\/empty$/)
  await expect(page.getByRole('alert')).toHaveText('The wallet declined the request. You can try again.')
  expect(await token(page)).toBeNull()

  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page.getByTestId('signed-in')).toBeVisible({ timeout: 20_000 })
  expect(wallet.calls).toEqual(['personal_sign', 'personal_sign'])
})

test('the relay going away mid-session says so within 8 s, with e-mail sign-in at hand', async ({ page }) => {
  const { opened } = await setUp(page)
  wallet.holdNextSign()
  await page.goto('/')
  await continueIntro(page)
  await page.getByTestId('wallet-apps').getByRole('button', { name: 'Rainbow' }).click()
  await wallet.pair(await pairingUri(opened))
  // The sign-in message reached the wallet app; the user is still there when the relay goes away.
  await expect.poll(() => wallet.calls.length, { timeout: 20_000 }).toBe(1)

  await relay.stop()
  const lost = Date.now()
  await page.getByTestId('walletconnect-offline').waitFor({ timeout: 8_000 })
  expect(Date.now() - lost).toBeLessThan(8_000)
  await expect(page.getByRole('link', { name: 'Sign in with e\u2011mail' })).toBeVisible()
  expect(await token(page)).toBeNull()

  // The network comes back: the user opens the wallet app again and taps retry here, with no reload.
  await relay.start()
  await wallet.reconnect()
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  // The wallet app still shows the request the page gave up on: the user approves it, then the retried one.
  await wallet.release()
  await expect(page.getByTestId('signed-in')).toBeVisible({ timeout: 20_000 })
  await expect(page).toHaveURL(/\/$/)
  expect(await token(page)).toMatch(/^[A-Za-z0-9_-]{20,}$/)
  expect(wallet.calls).toEqual(['personal_sign', 'personal_sign'])
})

test('with no network a wallet app says so within 8 s instead of waiting, with e-mail sign-in at hand', async ({ page }) => {
  const { opened } = await setUp(page)
  await relay.stop()
  await page.goto('/')
  await continueIntro(page)
  expect(await msFromTapToOffline(page, () => page.getByTestId('wallet-apps').getByRole('button', { name: 'MetaMask' }).click())).toBeLessThan(8_000)
  await expect(page.getByRole('link', { name: 'Sign in with e\u2011mail' })).toBeVisible()
  // The list is still there to try again; nothing was opened.
  await expect(page.getByTestId('wallet-apps').getByRole('button', { name: 'MetaMask' })).toBeEnabled()
  expect(opened).toEqual([])

  // The network comes back: picking the wallet again pairs, approves and signs in, with no reload.
  await relay.start()
  await wallet.reconnect()
  await page.getByTestId('wallet-apps').getByRole('button', { name: 'MetaMask' }).click()
  await wallet.pair(await pairingUri(opened))
  await expect(page.getByTestId('signed-in')).toBeVisible({ timeout: 20_000 })
  await expect(page).toHaveURL(/\/$/)
  expect(await token(page)).toMatch(/^[A-Za-z0-9_-]{20,}$/)
  expect(wallet.calls).toEqual(['personal_sign'])
})

test('a computer shows a QR code a phone wallet scans, and signs in once the phone approved', async ({ page }) => {
  await setUp(page)
  await page.setViewportSize({ width: 1440, height: 900 })
  await page.goto('/')
  await continueIntro(page)
  await page.getByRole('button', { name: 'Connect a phone wallet (QR code)' }).click()
  const qr = page.getByTestId('walletconnect-qr')
  await expect(qr.getByRole('img', { name: 'QR code' })).toHaveAttribute('src', /^data:image\/svg\+xml/)
  // What the QR holds is also a wc: link (a wallet app on the same computer opens it): the phone "scans" it.
  const uri = await qr.getByRole('link', { name: 'Open in a wallet app on this device' }).getAttribute('href')
  await wallet.pair(uri!)
  await expect(page.getByTestId('signed-in')).toBeVisible({ timeout: 20_000 })
  expect(wallet.calls).toEqual(['personal_sign'])
})

test("'More wallet apps' opens AppKit's catalogue of every wallet; a wallet picked there approves and signs, the user lands home signed in and stays so after a reload", async ({ page }) => {
  const { hosted } = await setUp(page)
  const { requests } = await serveWalletCatalogue(page)
  // The test wallet's universal link (from the catalogue), caught wherever AppKit opens it.
  const opened: string[] = []
  await page.context().route(/^https:\/\/wallet\.keelson\.test\//, (route) => {
    opened.push(route.request().url())
    return route.fulfill({ status: 204 })
  })
  await page.goto('/')
  await continueIntro(page)
  // Nothing of the catalogue before the user asks for it.
  await expect(page.getByTestId('wallet-apps').getByRole('button', { name: 'MetaMask' })).toBeVisible()
  expect(requests).toEqual([])
  expect(await page.locator('w3m-modal').count()).toBe(0)

  await page.getByRole('button', { name: 'More wallet apps' }).click()
  const modal = page.locator('w3m-modal')
  // Every wallet of the catalogue, with its logo, the app's bundled ones among them.
  for (const name of ['Ledger Live', 'OKX Wallet', 'Test Phone Wallet', 'MetaMask'])
    await expect(modal.getByText(name, { exact: true }).first()).toBeVisible({ timeout: 8_000 })
  expect(requests.length).toBeGreaterThan(0)
  // Search narrows the list (asked of the catalogue API).
  await modal.getByTestId('wui-input-text').fill('test phone')
  await expect.poll(() => requests.some((r) => r.searchParams.get('search') === 'test phone')).toBe(true)
  await expect(modal.getByText('Ledger Live', { exact: true })).toHaveCount(0)
  await modal.getByText('Test Phone Wallet', { exact: true }).first().click()

  await expect.poll(() => opened.length, { message: 'AppKit opens the wallet app' }).toBeGreaterThan(0)
  const uri = new URL(opened.at(-1)!).searchParams.get('uri')
  expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
  await wallet.pair(uri!)

  await expect(page.getByTestId('signed-in')).toBeVisible({ timeout: 20_000 })
  await expect(page).toHaveURL(/\/$/)
  expect(await token(page)).toMatch(/^[A-Za-z0-9_-]{20,}$/)
  expect(wallet.signatures()).toBe(1)
  // The catalogue asked the wallet for the sign-in signature and nothing else; none of AppKit's hosted extras ran.
  expect(wallet.calls).toEqual(['personal_sign'])
  expect(wallet.proposedMethods()).toEqual(['personal_sign'])
  expect(hosted.filter((url) => /pulse\.walletconnect|onramp|swap/.test(url))).toEqual([])

  await page.goto('/profile')
  await expect(page.getByTestId('account-address')).toHaveAttribute('data-address', wallet.address)
  await page.reload()
  await expect(page.getByTestId('account-address')).toHaveAttribute('data-address', wallet.address)
  await page.waitForTimeout(1500)
  await expect(page).toHaveURL(/\/profile$/)
  expect(wallet.signatures()).toBe(1)
  expect(CATALOGUE_WALLETS).toContain(TEST_WALLET)
})

test("a wallet picked in AppKit's catalogue and then abandoned leaves the app's own list working: closing it and picking MetaMask signs in", async ({ page }) => {
  const { opened } = await setUp(page)
  await serveWalletCatalogue(page)
  const caught: string[] = []
  await page.context().route(/^https:\/\/wallet\.keelson\.test\//, (route) => {
    caught.push(route.request().url())
    return route.fulfill({ status: 204 })
  })
  await page.goto('/')
  await continueIntro(page)
  await page.getByRole('button', { name: 'More wallet apps' }).click()
  const modal = page.locator('w3m-modal')
  await modal.getByText('Test Phone Wallet', { exact: true }).first().click({ timeout: 8_000 })
  // AppKit's wagmi adapter started a connection through the app's connector (a proposal is out); the user goes
  // back to the app instead of approving it.
  await expect.poll(() => caught.length, { message: 'AppKit opens the wallet app' }).toBeGreaterThan(0)
  await page.keyboard.press('Escape')
  await expect(modal.getByText('Test Phone Wallet', { exact: true })).toHaveCount(0)

  // Nothing is left waiting: the app's own list connects and signs in with one tap.
  const apps = page.getByTestId('wallet-apps')
  await expect(apps.getByRole('button', { name: 'MetaMask' })).toBeEnabled()
  await apps.getByRole('button', { name: 'MetaMask' }).click()
  await wallet.pair(await pairingUri(opened))
  await expect(page.getByTestId('signed-in')).toBeVisible({ timeout: 20_000 })
  expect(wallet.calls).toEqual(['personal_sign'])
})

test("offline, 'More wallet apps' says so within 8 s, opens nothing that spins, and e-mail sign-in stays usable", async ({ page }) => {
  await setUp(page)
  await relay.stop()
  await page.goto('/')
  await continueIntro(page)
  await expect(page.getByTestId('wallet-apps').getByRole('button', { name: 'MetaMask' })).toBeVisible()
  await page.context().setOffline(true)
  expect(await msFromTapToOffline(page, () => page.getByRole('button', { name: 'More wallet apps' }).click())).toBeLessThan(8_000)
  // No catalogue (nor anything of it) covers the screen, and e-mail sign-in is there and works.
  expect(await page.locator('w3m-modal').count()).toBe(0)
  await expect(page.getByRole('button', { name: 'More wallet apps' })).toBeEnabled()
  const email = page.getByRole('link', { name: 'Sign in with e\u2011mail' })
  await expect(email).toBeVisible()
  await page.context().setOffline(false)
  await email.click()
  await expect(page).toHaveURL(/\/pass\/login$/)
})
