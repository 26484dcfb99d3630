// The account header shows the address as wallets do (start…end) and copies the whole of it.
import { expect, test } from '@playwright/test'
import { installWallet } from './fixtures/wallet.ts'
import { signInFresh } from './fixtures/app.ts'

test('the account header shows a short address and copies the full one', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const wallet = await installWallet(page)
  await signInFresh(page, wallet)
  await page.goto('/profile')
  const address = page.getByTestId('account-address')
  await expect(address).toHaveText(`${wallet.address.slice(0, 6)}…${wallet.address.slice(-4)}`)
  await page.getByRole('button', { name: 'Copy', exact: true }).click()
  await expect(page.getByText('Copy successful!')).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(wallet.address)
  // The header fits a 320 px phone without scrolling sideways, once the page has laid itself out for the phone (the
  // account screen picks its layout in a render after the resize, useIsDesktop).
  await page.setViewportSize({ width: 320, height: 800 })
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320)
})
