// The confirm button sends once: a double tap (or a tap while the first is on its way) never sends a second order.
import { expect, test } from '@playwright/test'
import { installWallet } from './fixtures/wallet.ts'
import { signInFresh } from './fixtures/app.ts'

test('a double tap on Confirm sends one order and the button is disabled from the first tap', async ({ page }) => {
  const wallet = await installWallet(page)
  await signInFresh(page, wallet)
  await page.goto('/detail?symbol=BTCUSDT')
  await page.getByTestId('trade-buy').click()
  const ticket = page.getByRole('dialog', { name: /BTCUSDT/ })
  await expect(ticket.getByTestId('ticket-margin')).toContainText('USDT')
  // Enough slippage that the price moving between review and confirm never re-quotes.
  await ticket.getByTestId('ticket-slippage').fill('5000')
  await ticket.getByTestId('ticket-review').click()

  const sent: string[] = []
  page.on('request', (r) => {
    if (r.url().includes('/api/createContractOrder')) sent.push(r.url())
  })
  // Hold the answer so the button's state right after the first tap is what the second tap meets.
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/api/createContractOrder', async (route) => {
    await held
    await route.continue()
  })
  const confirm = ticket.getByTestId('ticket-confirm-button')
  await confirm.dblclick()
  await expect(confirm).toBeDisabled()
  release()
  await expect(ticket).toBeHidden()
  await expect(page.getByTestId('position')).toHaveCount(1)
  expect(sent).toHaveLength(1)
})

test('the ticket starts with a slippage a few seconds of review can use: 0.05 % of the price, not the spread', async ({ page }) => {
  const wallet = await installWallet(page)
  await signInFresh(page, wallet)
  await page.goto('/detail?symbol=BTCUSDT')
  const ask = Number(((await page.getByTestId('instrument-ask').textContent()) ?? '').replace(/[^\d.]/g, ''))
  await page.getByTestId('trade-buy').click()
  const ticket = page.getByRole('dialog', { name: /BTCUSDT/ })
  const shown = Number((await ticket.getByTestId('ticket-slippage').inputValue()).replace(/,/g, ''))
  // The ask may move a little between reading it and opening the ticket.
  expect(Math.abs(shown - ask * 0.0005)).toBeLessThan(ask * 0.00002)
})
