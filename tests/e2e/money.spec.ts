import { readFile } from 'node:fs/promises'
import { expect, test, type Page } from '@playwright/test'
import { installWallet } from './fixtures/wallet.ts'
import { signInFresh } from './fixtures/app.ts'

const panel = (page: Page) => page.getByTestId('balance-panel')

async function switchBook(page: Page, book: 'Demo' | 'Live') {
  await page.goto('/profile/balance')
  // The Demo/Live switch is a segmented control (a radiogroup): the chosen book is the checked option.
  await panel(page).getByRole('radio', { name: book, exact: true }).click()
  // Live is real money: the switch asks first.
  if (book === 'Live') await page.getByTestId('switch-live-confirm').click()
  await expect(panel(page).getByRole('radio', { name: book, exact: true })).toHaveAttribute('aria-checked', 'true')
  await expect(panel(page).getByTestId('book-badge')).toHaveText(book)
}

test('a new user sees demo funds, switches books, finds the funding in the record and exports it', async ({ page }) => {
  const wallet = await installWallet(page)
  await signInFresh(page, wallet)
  // The home screen's balance line says which book is active.
  await expect(page.getByTestId('book-badge')).toHaveText('Demo')

  await page.goto('/profile/balance')
  await expect(panel(page).getByTestId('book-badge')).toHaveText('Demo')
  await expect(panel(page).getByTestId('balance-total')).toHaveText('10,000.00 USDT')

  await switchBook(page, 'Live')
  await expect(panel(page).getByTestId('balance-total')).toHaveText('0.00 USDT')
  await page.goto('/profile/records')
  // The live book has no movements: the designed empty state, not a blank list.
  await expect(page.getByTestId('records-empty')).toBeVisible()
  await expect(page.getByTestId('record-row')).toHaveCount(0)

  await switchBook(page, 'Demo')
  await expect(panel(page).getByTestId('balance-total')).toHaveText('10,000.00 USDT')

  // Resetting asks first; the demo book stays at its starting funds.
  await panel(page).getByRole('button', { name: 'Reset demo funds' }).click()
  const dialog = page.getByRole('dialog', { name: 'Reset demo funds?' })
  await dialog.getByRole('button', { name: 'Reset', exact: true }).click()
  await expect(dialog).toBeHidden()
  await expect(panel(page).getByTestId('balance-total')).toHaveText('10,000.00 USDT')

  await page.goto('/profile/records')
  const row = page.getByTestId('record-row').filter({ hasText: 'Demo funds' })
  await expect(row).toContainText('+10,000.00 USDT')
  await expect(page.getByText('No more data')).toBeVisible()

  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export CSV' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe('keelson-transactions-demo.csv')
  const csv = await readFile(await download.path(), 'utf8')
  const lines = csv.split('\r\n')
  expect(lines[0]).toBe('time,event,description,symbol,order,side,lots,amount,fee,profit,currency,book,available_after')
  expect(lines).toContainEqual(expect.stringMatching(/^\d{4}-\d\d-\d\dT[\d:.]+Z,demo_funding,Demo funds,,,,,10000,,,USDT,demo,10000$/))
})

test('German shows one number format on the balance and in the record', async ({ page }) => {
  const wallet = await installWallet(page)
  await signInFresh(page, wallet)
  await page.goto('/profile/language')
  await page.locator('#language-select-account').selectOption('de_DE')
  await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE')
  await page.goto('/profile/balance')
  await expect(panel(page).getByTestId('balance-total')).toHaveText('10.000,00 USDT')
  await page.goto('/profile/records')
  await expect(page.getByTestId('record-row').first()).toContainText('+10.000,00 USDT')
})
