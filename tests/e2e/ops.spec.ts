// The operator console (/ops): its own bundle, never part of the user app; sign-in with a TOTP code; pages by role.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { OPS_MARKER } from '../../src/ops/marker.ts'
import { controlledByServiceWorker, signInFresh } from './fixtures/app.ts'
import { createOperator, fillOpsSignIn, opsSignIn } from './fixtures/ops.ts'
import { installWallet } from './fixtures/wallet.ts'

const DIST = 'dist'
const scriptsIn = (dir: string) =>
  readdirSync(join(DIST, dir))
    .filter((name) => name.endsWith('.js'))
    .map((name) => readFileSync(join(DIST, dir, name), 'utf8'))

test('the user app never contains nor loads the console, and its service worker leaves /ops alone', async ({ page, context }) => {
  const console = scriptsIn('ops/assets')
  // The check can fail: the console's own chunks do carry the marker and the console's endpoints.
  expect(console.some((code) => code.includes(OPS_MARKER))).toBe(true)
  expect(console.some((code) => code.includes('/ops/signIn'))).toBe(true)
  const app = [...scriptsIn('assets'), readFileSync(join(DIST, 'sw.js'), 'utf8')]
  expect(app.length).toBeGreaterThan(5)
  expect(app.filter((code) => code.includes(OPS_MARKER) || code.includes('/ops/signIn'))).toEqual([])
  expect(readFileSync(join(DIST, 'sw.js'), 'utf8')).not.toContain('ops.html')

  const loaded: string[] = []
  page.on('request', (request) => loaded.push(new URL(request.url()).pathname))
  await page.goto('/')
  await controlledByServiceWorker(page)
  expect(loaded.filter((path) => path.startsWith('/ops'))).toEqual([])

  // Under the user app's service worker, /ops is still the console from the server ...
  await page.goto('/ops/audit')
  await expect(page.locator('html')).toHaveAttribute('data-app', OPS_MARKER)
  await expect(page.getByRole('heading', { name: 'Operator console' })).toBeVisible()
  // ... and offline the worker does not answer it with the cached user app.
  await context.setOffline(true)
  try {
    const offline = await page.goto('/ops').then(
      () => 'answered',
      () => 'network error',
    )
    expect(offline).toBe('network error')
  } finally {
    await context.setOffline(false)
  }
})

test('an operator signs in with password and TOTP, sees only the pages of their roles, and signs out', async ({ page }) => {
  const support = await createOperator(page, ['support'])
  await page.goto('/ops')
  await page.getByLabel('Operator name').fill(support.name)
  await page.getByLabel('Password').fill(support.password)
  await page.getByLabel('Code from your authenticator app').fill('12345')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('alert')).toHaveText('Enter your name, your password and the 6-digit code')
  await page.getByLabel('Password').fill('not the password')
  await page.getByLabel('Code from your authenticator app').fill('123456')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('alert')).toHaveText('The name, password or code is wrong')

  await page.getByLabel('Password').fill(support.password)
  await fillOpsSignIn(page, support)
  const nav = page.getByRole('navigation', { name: 'Console' })
  await expect(nav.getByRole('link', { name: 'Audit log' })).toHaveCount(0)
  await page.goto('/ops/audit')
  await expect(page.getByText('Your operator roles do not open this page.')).toBeVisible()
  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page.getByRole('heading', { name: 'Operator console' })).toBeVisible()

  const admin = await opsSignIn(page, ['admin'])
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Audit log' }).click()
  await expect(page).toHaveURL(/\/ops\/audit$/)
  const log = page.getByRole('list', { name: 'Audit log' })
  await expect(log.getByText('ops.signIn').first()).toBeVisible()
  await expect(log.getByText(admin.name).first()).toBeVisible()
  await expect(log.getByText(support.name).first()).toBeVisible()
})

test('an operator signs in with TOTP, finds a user, and sends a message the user sees without reloading', async ({ browser, page, baseURL }) => {
  const wallet = await installWallet(page)
  await signInFresh(page, wallet)
  await page.goto('/profile/notifications')
  await expect(page.getByTestId('message')).toHaveCount(1)

  // The operator works in a browser of their own, at the same width.
  const desk = await browser.newContext({ viewport: page.viewportSize(), baseURL })
  try {
    const ops = await desk.newPage()
    await opsSignIn(ops, ['support'])
    // Support's first page is Users.
    await expect(ops).toHaveURL(/\/ops\/users$/)
    await ops.getByLabel('Wallet address, e-mail or user id').fill(wallet.address.slice(2, 14).toLowerCase())
    await ops.getByRole('button', { name: 'Search' }).click()
    await ops.getByRole('link', { name: new RegExp(wallet.address) }).click()
    await expect(ops.getByRole('heading', { level: 1 })).toHaveText(wallet.address)
    const demoBook = ops.getByRole('region', { name: 'Demo book' })
    await expect(demoBook.getByRole('row', { name: /USDT/ })).toContainText('10,000')
    await expect(ops.getByTestId('ops-session')).toHaveCount(1)

    await ops.getByLabel('Title', { exact: true }).fill('Your documents')
    await ops.getByLabel('Message', { exact: true }).fill('Please upload a clearer photo of your ID.')
    await ops.getByRole('button', { name: 'Send', exact: true }).click()
    await expect(ops.getByText('Message sent')).toBeVisible()

    const pushed = page.getByTestId('message').filter({ hasText: 'Your documents' })
    await expect(pushed).toContainText('Please upload a clearer photo of your ID.')
    await expect(pushed).toHaveAttribute('data-unread', 'true')
  } finally {
    await desk.close()
  }
})
