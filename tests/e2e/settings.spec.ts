// Settings: the language, and how that language writes every figure of the app, shown before trading with it; the
// account list that leads there says each thing once.
import { expect, test } from '@playwright/test'
import { installWallet } from './fixtures/wallet.ts'
import { signInFresh } from './fixtures/app.ts'

test('settings show how the chosen language writes amounts, and follow a change of language', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('keelson.intro.shown', '1'))
  await page.goto('/profile/settings')
  const amount = page.getByTestId('format-amount')
  await expect(amount).toHaveText('1,234,567.89 USDT')
  await page.locator('#language-select-account').selectOption('de_DE')
  await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE')
  await expect(amount).toHaveText('1.234.567,89 USDT')
  await expect(page.getByRole('heading', { name: 'Zahlen und Datumsangaben' })).toBeVisible()
})

test('no group of the account list is titled like one of its rows, in English or in German', async ({ page }) => {
  const wallet = await installWallet(page)
  await signInFresh(page, wallet)
  const repeats = async () => {
    await expect(page.getByTestId('account-row-settings')).toBeVisible()
    return page.locator('nav:has(> h2.group-title)').evaluateAll((groups) =>
      groups.flatMap((group) => {
        const title = group.querySelector('h2')!.textContent!.trim()
        const rows = [...group.querySelectorAll('li')].map((row) => row.textContent!.trim())
        return rows.filter((row) => row === title).map((row) => `${title} > ${row}`)
      }),
    )
  }
  await page.goto('/profile')
  expect(await repeats()).toEqual([])
  await page.getByTestId('account-row-settings').click()
  await page.locator('#language-select-account').selectOption('de_DE')
  await expect(page.getByRole('heading', { name: 'Einstellungen' })).toBeVisible()
  await page.goto('/profile')
  await expect(page.getByRole('heading', { name: 'Konto', exact: true }).first()).toBeVisible()
  expect(await repeats()).toEqual([])
  // The Settings screen itself: its title once, the language as a field, not as a row of its own.
  await page.getByTestId('account-row-settings').click()
  const screen = page.locator('.account')
  await expect(screen.getByText('Zahlen und Datumsangaben')).toBeVisible()
  await expect(screen.getByText('Einstellungen', { exact: true })).toHaveCount(1)
  await expect(screen.getByText('Sprache', { exact: true })).toHaveCount(1)
})
