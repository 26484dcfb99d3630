import { expect, test } from '@playwright/test'
import { installWallet } from './fixtures/wallet.ts'
import { token } from './fixtures/app.ts'

test('a sign-in link whose code is spent leaves no code in the address or history and says why on the sign-in screen', async ({ page }) => {
  await installWallet(page)
  const code = 'Zq3'.padEnd(43, 'x')
  const exchanged = page.waitForRequest((r) => r.url().endsWith('/api/exchangeLoginCode') && r.method() === 'POST')
  await page.goto(`/?code=${code}`)
  // The code goes in a POST body, never again in a URL.
  expect((await exchanged).postDataJSON()).toEqual({ code })
  await expect(page).toHaveURL(/\/pass\/login$/)
  await expect(page.getByTestId('sign-in-problem')).toHaveText('This sign-in link has expired or was already used, please sign in again')
  expect(await token(page)).toBeNull()
  await page.goBack()
  expect(page.url()).not.toContain(code)
})
