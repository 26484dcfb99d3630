// Numbers typed in the ticket are read in the active language: a comma is English grouping and German decimals.
// BTCUSDT trades 24x7 near 95 000 in the simulator (a few hundredths of a percent a tick).
import { expect, test, type Page } from '@playwright/test'
import { installWallet } from './fixtures/wallet.ts'
import { signInFresh } from './fixtures/app.ts'

const SYMBOL = 'BTCUSDT'

async function openTicket(page: Page) {
  await page.goto(`/detail?symbol=${SYMBOL}`)
  await expect(page.getByTestId('instrument-bid')).toBeVisible()
  await page.getByTestId('trade-buy').click()
  const ticket = page.getByRole('dialog', { name: new RegExp(SYMBOL) })
  await expect(ticket.getByTestId('ticket-margin')).toContainText('USDT')
  return ticket
}

test('English: a stop loss typed 90,000 is ninety thousand, and 1,5 lots is refused with how to write it', async ({ page }) => {
  const wallet = await installWallet(page)
  await signInFresh(page, wallet)
  const ticket = await openTicket(page)

  const lots = ticket.getByTestId('ticket-lots')
  await lots.fill('1,5')
  await lots.blur()
  await expect(ticket.getByText('Write numbers like 12,345.67 or 12345.67')).toBeVisible()
  await ticket.getByTestId('ticket-review').click()
  await expect(ticket.getByTestId('ticket-confirm')).toHaveCount(0)
  await lots.fill('1.5')
  await expect(ticket.getByText('Write numbers like 12,345.67 or 12345.67')).toHaveCount(0)

  await ticket.getByTestId('stop-sl-input').fill('90,000')
  await expect(ticket.getByTestId('stop-sl-views')).toContainText('90,000.00')
  await expect(ticket.getByTestId('stop-sl-far')).toHaveCount(0)
  await ticket.getByTestId('ticket-review').click()
  await expect(ticket.getByTestId('confirm-sl')).toHaveText('90,000.00')
  await expect(ticket.getByTestId('confirm-lots')).toHaveText('1.5')
})

test('English: a stop loss typed 90 (a slip for 90 000) is accepted with a warning that it is far from the price', async ({ page }) => {
  const wallet = await installWallet(page)
  await signInFresh(page, wallet)
  const ticket = await openTicket(page)
  await ticket.getByTestId('stop-sl-input').fill('90')
  await expect(ticket.getByTestId('stop-sl-far')).toContainText('away from')
  await ticket.getByTestId('ticket-review').click()
  await expect(ticket.getByTestId('confirm-sl')).toHaveText('90.00')
})

test('German: the inputs show German numbers and 1.000,5 is a thousand and a half', async ({ page }) => {
  const wallet = await installWallet(page)
  await signInFresh(page, wallet)
  await page.goto('/profile/language')
  await page.locator('#language-select-account').selectOption('de_DE')
  await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE')
  const ticket = await openTicket(page)

  await expect(ticket.getByTestId('ticket-lots')).toHaveValue('0,01')
  await ticket.getByTestId('ticket-lots').fill('0,05')
  await ticket.getByTestId('stop-sl-input').fill('1.000,5')
  await expect(ticket.getByTestId('stop-sl-views')).toContainText('1.000,50')
  await ticket.getByTestId('ticket-review').click()
  await expect(ticket.getByTestId('confirm-sl')).toHaveText('1.000,50')
  await expect(ticket.getByTestId('confirm-lots')).toHaveText('0,05')
})
