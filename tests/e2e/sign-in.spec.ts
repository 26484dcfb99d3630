import { inflateSync } from 'node:zlib'
import { expect, test } from '@playwright/test'
import { ALLOWED_METHODS, installWallet } from './fixtures/wallet.ts'
import { continueIntro, isDesktop, signInFresh, signatures, skipIntro, token, userEventsLive } from './fixtures/app.ts'

test('first visit: the intro leads to connecting a wallet, then sign and land home signed in', async ({ page }) => {
  const wallet = await installWallet(page)
  await page.goto('/')
  await expect(page.getByRole('heading', { name: 'Welcome to Keelson' })).toBeVisible()
  await continueIntro(page)
  await expect(page.getByRole('heading', { name: 'Connect your wallet' })).toBeVisible()
  // Each wallet once, by its own name and icon: no generic "Injected" entry beside the announced one.
  await expect(page.locator('.wallet-list li')).toHaveCount(1)
  await expect(page.getByRole('button', { name: 'Injected' })).toHaveCount(0)
  await page.getByRole('button', { name: 'Test Wallet' }).click()
  // Mobile signs on the /sign page, desktop in a popup; both say what signing costs, then sign by themselves.
  if (!isDesktop(page)) await expect(page).toHaveURL(/\/sign/)
  await expect(page.getByTestId('signed-in')).toBeVisible()
  await expect(page).toHaveURL(/\/$/)
  expect(await token(page)).toMatch(/^[A-Za-z0-9_-]{20,}$/)
  expect(signatures(wallet)).toBe(1)

  await page.goto('/profile')
  await expect(page.getByTestId('account-address')).toHaveAttribute('data-address', wallet.address)
  await expect(page.getByText('Demo', { exact: true })).toBeVisible()

  // A reload keeps the session: no second signature.
  await page.reload()
  await expect(page.getByTestId('account-address')).toHaveAttribute('data-address', wallet.address)
  expect(signatures(wallet)).toBe(1)
  expect(wallet.calls.filter((m) => !ALLOWED_METHODS.has(m))).toEqual([])
})

test('a signed-out visitor browses public screens without being sent to connect, and no wallet code loads', async ({ page }) => {
  const wallet = await installWallet(page)
  const scripts: string[] = []
  page.on('response', async (r) => {
    if (r.request().resourceType() === 'script') scripts.push(await r.text().catch(() => ''))
  })
  await page.goto('/')
  await skipIntro(page)
  for (const path of ['/', '/trades', '/help', '/news']) {
    await page.goto(path)
    await page.waitForLoadState('networkidle')
    await expect(page).toHaveURL(new RegExp(`${path}$`))
  }
  expect(scripts.some((s) => s.includes('@wagmi/core@'))).toBe(false)
  expect(wallet.calls).toEqual([])
})

test('Sign out ends the session on the server, lands on the signed-out home and never asks for a signature', async ({ page, request }) => {
  const wallet = await installWallet(page)
  await signInFresh(page, wallet)
  const first = (await token(page))!
  await page.goto('/profile')
  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect.poll(() => token(page)).toBeNull()
  await expect(page.getByTestId('signed-in')).toHaveCount(0)
  await expect.poll(async () => (await request.get('/api/getMyAccountInfo', { headers: { Authorization: first } })).status()).toBe(401)
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('keelson.session') ?? '{}') as { address?: string | null })
  expect(stored.address ?? null).toBeNull()

  // Nothing asks by itself: not now, not on public screens, not after a reload.
  for (const path of ['/trades', '/help']) {
    await page.goto(path)
    await expect(page).toHaveURL(new RegExp(`${path}$`))
  }
  await page.reload()
  await page.waitForLoadState('networkidle')
  await expect(page).toHaveURL(/\/help$/)
  expect(signatures(wallet)).toBe(1)
  if (isDesktop(page)) await expect(page.getByRole('dialog')).toHaveCount(0)

  // The user chooses to sign in again.
  await page.goto('/empty')
  await page.getByRole('button', { name: 'Test Wallet' }).click()
  await expect(page.getByTestId('signed-in')).toBeVisible()
  expect(signatures(wallet)).toBe(2)
  expect(wallet.calls.filter((m) => !ALLOWED_METHODS.has(m))).toEqual([])
})

test('the sign screen says signing is free and cancelling leaves the user signed out', async ({ page }) => {
  const wallet = await installWallet(page)
  wallet.refuseNextSign()
  await page.goto('/')
  await continueIntro(page)
  await page.getByRole('button', { name: 'Test Wallet' }).click()
  await expect(page.getByText('Signing is free. It proves you own this address and sends no transaction.')).toBeVisible()
  await expect(page.getByText(wallet.address)).toBeVisible()
  await expect(page.getByRole('alert').filter({ hasText: 'Not Signed' })).toBeVisible()
  await page.getByRole('button', { name: 'Cancel' }).click()
  expect(await token(page)).toBeNull()
  if (!isDesktop(page)) await expect(page).toHaveURL(/\/empty$/)
  else await page.goto('/empty')
  // Nothing asks again by itself; the user signs in when they choose to.
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page.getByTestId('signed-in')).toBeVisible()
  expect(signatures(wallet)).toBe(2)
})

test('a wallet that moves to another chain is sent to /empty, and switching back asks for a new signature', async ({ page, request }) => {
  const wallet = await installWallet(page)
  await signInFresh(page, wallet)
  const first = await token(page)

  await wallet.setChain(137)
  await expect(page).toHaveURL(/\/empty$/)
  await expect(page.getByText('Your wallet is on another network.', { exact: false })).toBeVisible()
  expect(await token(page)).toBeNull()
  // The app revoked the old token with /login_out before forgetting it: it is dead on the server too.
  await expect.poll(async () => (await request.get('/api/getMyAccountInfo', { headers: { Authorization: first! } })).status()).toBe(401)

  await page.getByRole('button', { name: 'Switch to Ethereum' }).click()
  await expect(page.getByTestId('signed-in')).toBeVisible()
  expect(wallet.chainId).toBe(1)
  expect(await token(page)).not.toBe(first)
  expect(wallet.calls).toContain('wallet_switchEthereumChain')
  expect(signatures(wallet)).toBe(2)
  expect(wallet.calls.filter((m) => !ALLOWED_METHODS.has(m))).toEqual([])
})

test('a wallet that starts on another chain is asked to switch when connecting', async ({ page }) => {
  const wallet = await installWallet(page, { chainId: 137 })
  await page.goto('/')
  await continueIntro(page)
  await page.getByRole('button', { name: 'Test Wallet' }).click()
  await expect(page.getByTestId('signed-in')).toBeVisible()
  expect(wallet.chainId).toBe(1)
})

test('a session the server revokes (socket close 4001) leaves the app signed out without asking', async ({ page, request }) => {
  const wallet = await installWallet(page)
  await signInFresh(page, wallet)
  const first = (await token(page))!
  await page.goto('/profile')
  await expect(page.getByTestId('account-address')).toHaveAttribute('data-address', wallet.address)
  await userEventsLive(page)
  expect((await request.post('/api/login_out', { headers: { Authorization: first }, data: {} })).status()).toBe(200)
  await expect.poll(() => token(page)).toBeNull()
  await expect(page.getByTestId('account-address')).toHaveCount(0)
  await page.goto('/')
  await expect(page.getByTestId('signed-in')).toHaveCount(0)
  expect(signatures(wallet)).toBe(1)
})

test('a 401 from the server asks for a new signature and carries on', async ({ page, request }) => {
  const wallet = await installWallet(page)
  // The socket's own notices are held back here (the 4001 close, and a bind answered "ended" when the socket binds
  // after the sign-out), so the app learns of the revoked token from a call's 401.
  await page.routeWebSocket(/\/ws$/, (ws) => {
    const server = ws.connectToServer()
    server.onClose((code, reason) => (code === 4001 ? undefined : ws.close({ code, reason })))
    server.onMessage((message) => {
      if (typeof message !== 'string') {
        const frame = JSON.parse(inflateSync(message).toString()) as { messageType: string; data: { ended?: boolean } }
        if (frame.messageType === 'bound' && frame.data.ended) return
      }
      ws.send(message)
    })
  })
  await signInFresh(page, wallet)
  const first = await token(page)
  await page.goto('/profile')
  await expect(page.getByTestId('account-address')).toHaveAttribute('data-address', wallet.address)
  const revoked = await request.post('/api/login_out', { headers: { Authorization: first! }, data: {} })
  expect(revoked.status()).toBe(200)
  await page.getByRole('link', { name: 'Balance', exact: true }).click()
  await expect(page.getByTestId('balance-total')).toHaveText('10,000.00 USDT')
  const second = await token(page)
  expect(second).not.toBeNull()
  expect(second).not.toBe(first)
  expect(signatures(wallet)).toBe(2)
})
