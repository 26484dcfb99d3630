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

test('the ticket starts with a slippage a few seconds of review can use: 0.05 % of the price, typed in % or in points', async ({ page }) => {
  const wallet = await installWallet(page)
  await signInFresh(page, wallet)
  await page.goto('/detail?symbol=BTCUSDT')
  const ask = Number(((await page.getByTestId('instrument-ask').textContent()) ?? '').replace(/[^\d.]/g, ''))
  await page.getByTestId('trade-buy').click()
  const ticket = page.getByRole('dialog', { name: /BTCUSDT/ })
  const unit = ticket.getByRole('radiogroup', { name: 'Slippage unit' })
  await expect(unit.getByRole('radio', { name: '%' })).toBeChecked()
  await expect(ticket.getByTestId('ticket-slippage')).toHaveValue('0.05')
  // The same distance in points (0.01 for BTCUSDT): 0.05 % of the ask, which may move a little meanwhile.
  await unit.getByRole('radio', { name: 'Points' }).click()
  const points = Number((await ticket.getByTestId('ticket-slippage').inputValue()).replace(/,/g, ''))
  expect(Math.abs(points * 0.01 - ask * 0.0005)).toBeLessThan(ask * 0.00002)
  // The review shows it in the unit chosen, with the distance as a price beside it.
  await ticket.getByTestId('ticket-slippage').fill('1000')
  await ticket.getByTestId('ticket-review').click()
  await expect(ticket.getByTestId('confirm-slippage')).toHaveText('1,000 points (10.00)')
})
