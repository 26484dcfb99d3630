// /test, the self-check page a support agent asks a user to open: each check shows its result, and the report the
// user copies holds those results and nothing private (no address).
import { expect, test } from '@playwright/test'
import { signInFresh } from './fixtures/app.ts'
import { installWallet } from './fixtures/wallet.ts'

test('the self-check shows wallet, chain, live connection, service worker and versions, and copies a report without the address', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL })
  const wallet = await installWallet(page)
  await signInFresh(page, wallet)
  await page.evaluate(() => navigator.serviceWorker.ready)
  await page.goto('/test')
  await expect(page.getByRole('heading', { name: 'Self-check', level: 1 })).toBeVisible()
  await expect(page.getByTestId('check-wallet')).toContainText('Yes')
  await expect(page.getByTestId('check-chain')).toContainText('Ethereum (1)')
  await expect(page.getByTestId('check-socket')).toContainText('Connected')
  await expect(page.getByTestId('check-latency')).toContainText(/\d+\s*ms/)
  await expect(page.getByTestId('check-sw')).toContainText(/[0-9a-f]{8}/)
  await expect(page.getByTestId('check-storage')).toContainText(/of/)
  await expect(page.getByTestId('check-version')).toContainText(/\d+\.\d+\.\d+/)

  await page.getByRole('button', { name: 'Copy report' }).click()
  await expect(page.getByText('Copy successful!')).toBeVisible()
  const report = await page.evaluate(() => navigator.clipboard.readText())
  expect(report).toContain('Wallet found: Yes')
  expect(report).toContain('Chain: Ethereum (1)')
  expect(report).toMatch(/Service worker version: [0-9a-f]{8}/)
  expect(report.toLowerCase()).not.toContain(wallet.address.toLowerCase())
  expect(report.toLowerCase()).not.toContain(wallet.address.slice(2, 10).toLowerCase())

})
