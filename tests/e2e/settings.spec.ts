// Settings: the language, and how that language writes every figure of the app, shown before trading with it.
import { expect, test } from '@playwright/test'

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
