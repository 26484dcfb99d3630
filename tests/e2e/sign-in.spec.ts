import { expect, test } from '@playwright/test'
import { ALLOWED_METHODS, installWallet } from './fixtures/wallet.ts'
import { isDesktop, signInFresh, skipIntro, token } from './fixtures/app.ts'

test('first visit: connect, sign, and land home signed in with the account shown', async ({ page }) => {
  const wallet = await installWallet(page)
  await page.goto('/')
  await expect(page.getByRole('heading', { name: 'Welcome to Keelson' })).toBeVisible()
  await skipIntro(page)
  await expect(page).toHaveURL(/\/empty$/)
  await expect(page.getByRole('heading', { name: 'Connect your wallet' })).toBeVisible()
  await page.getByRole('button', { name: 'Test Wallet' }).click()
  // Mobile signs on the /sign page, desktop in a popup; both say what signing costs, then sign by themselves.
  if (!isDesktop(page)) await expect(page).toHaveURL(/\/sign/)
  await expect(page.getByTestId('signed-in')).toBeVisible()
  await expect(page).toHaveURL(/\/$/)
  expect(await token(page)).toMatch(/^[A-Za-z0-9_-]{20,}$/)
  expect(wallet.calls.filter((m) => m === 'personal_sign')).toHaveLength(1)

  await page.goto('/profile')
  await expect(page.getByTestId('account-address')).toHaveText(wallet.address)
  await expect(page.getByText('Demo', { exact: true })).toBeVisible()

  // A reload keeps the session: no second signature.
  await page.reload()
  await expect(page.getByTestId('account-address')).toHaveText(wallet.address)
  expect(wallet.calls.filter((m) => m === 'personal_sign')).toHaveLength(1)
  expect(wallet.calls.filter((m) => !ALLOWED_METHODS.has(m))).toEqual([])
})

test('the sign screen says signing is free and cancelling leaves the user signed out', async ({ page }) => {
  const wallet = await installWallet(page)
  wallet.refuseNextSign()
  await page.goto('/')
  await skipIntro(page)
  await page.getByRole('button', { name: 'Test Wallet' }).click()
  await expect(page.getByText('Signing is free. It proves you own this address and sends no transaction.')).toBeVisible()
  await expect(page.getByText(wallet.address)).toBeVisible()
  await expect(page.getByRole('alert').filter({ hasText: 'Not Signed' })).toBeVisible()
  await page.getByRole('button', { name: 'Cancel' }).click()
  expect(await token(page)).toBeNull()
  if (!isDesktop(page)) await expect(page).toHaveURL(/\/empty$/)
  // Nothing asks again by itself; the user signs in when they choose to.
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page.getByTestId('signed-in')).toBeVisible()
  expect(wallet.calls.filter((m) => m === 'personal_sign')).toHaveLength(2)
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
  expect(wallet.calls.filter((m) => m === 'personal_sign')).toHaveLength(2)
  expect(wallet.calls.filter((m) => !ALLOWED_METHODS.has(m))).toEqual([])
})

test('a wallet that starts on another chain is asked to switch when connecting', async ({ page }) => {
  const wallet = await installWallet(page, { chainId: 137 })
  await page.goto('/')
  await skipIntro(page)
  await page.getByRole('button', { name: 'Test Wallet' }).click()
  await expect(page.getByTestId('signed-in')).toBeVisible()
  expect(wallet.chainId).toBe(1)
})

test('a 401 from the server asks for a new signature and carries on', async ({ page, request }) => {
  const wallet = await installWallet(page)
  await signInFresh(page, wallet)
  const first = await token(page)
  await page.goto('/profile')
  await expect(page.getByTestId('account-address')).toHaveText(wallet.address)
  // Revoke the token behind the app's back, as an expiry or a sign-out elsewhere would. The app may notice at once
  // (the server closes the session's socket) or at its next call; either way it asks once. No reload from here on,
  // so a signature already under way is never cut off.
  const revoked = await request.post('/api/login_out', { headers: { Authorization: first! }, data: {} })
  expect(revoked.status()).toBe(200)
  await page.getByRole('link', { name: 'Balance', exact: true }).click()
  await expect(page.getByTestId('balance-total')).toHaveText('10,000.00 USDT')
  const second = await token(page)
  expect(second).not.toBeNull()
  expect(second).not.toBe(first)
  expect(wallet.calls.filter((m) => m === 'personal_sign')).toHaveLength(2)
})
