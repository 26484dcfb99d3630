// Demo or Live is said wherever one trades: the ticket's and the review's header, the confirm button's sentence,
// the trading account over positions and Orders. Switching to Live is confirmed; an empty live book offers Deposit.
import { randomUUID } from 'node:crypto'
import { expect, test } from '@playwright/test'
import { installWallet } from './fixtures/wallet.ts'
import { signInFresh, token } from './fixtures/app.ts'

const SYMBOL = 'BTCUSDT'

test('the demo book is named on the ticket, the review and its button, and over positions and Orders', async ({ page }) => {
  const wallet = await installWallet(page)
  await signInFresh(page, wallet)
  await page.goto(`/detail?symbol=${SYMBOL}`)
  await expect(page.getByTestId('trade-book')).toHaveText('Demo')
  await page.getByTestId('trade-buy').click()
  const ticket = page.getByRole('dialog', { name: new RegExp(SYMBOL) })
  await expect(ticket.getByTestId('ticket-book')).toHaveText('Demo')
  await ticket.getByTestId('ticket-lots').fill('1')
  await expect(ticket.getByTestId('ticket-review')).toHaveText(`Buy 1 lot ${SYMBOL}`)
  await ticket.getByTestId('ticket-lots').fill('2')
  await expect(ticket.getByTestId('ticket-review')).toHaveText(`Buy 2 lots ${SYMBOL}`)
  await ticket.getByTestId('ticket-lots').fill('0.01')
  await ticket.getByTestId('ticket-review').click()
  await expect(ticket.getByTestId('ticket-book')).toHaveText('Demo')
  await expect(ticket.getByTestId('ticket-confirm-button')).toHaveText(new RegExp(`^Confirm: buy 0\\.01 lots ${SYMBOL} at [\\d,.]+ on Demo$`))
  await ticket.getByTestId('ticket-confirm-button').click()
  await expect(ticket).toBeHidden()
  await expect(page.getByTestId('position').filter({ hasText: '0.01 lots' })).toHaveCount(1)

  await page.goto('/profile/orders')
  await expect(page.getByTestId('trade-book')).toHaveText('Demo')
  await expect(page.getByTestId('trade-empty-live')).toHaveCount(0)
})

test('switching to Live asks first; the empty live book offers Deposit, and the ticket says Live', async ({ page }) => {
  const wallet = await installWallet(page)
  await signInFresh(page, wallet)
  await page.goto('/profile/balance')
  const panel = page.getByTestId('balance-panel')
  const live = panel.getByRole('radio', { name: 'Live', exact: true })

  await live.click()
  const ask = page.getByRole('dialog', { name: 'Switch to your live book?' })
  await expect(ask).toBeVisible()
  await ask.getByRole('button', { name: 'Stay on Demo' }).click()
  await expect(ask).toBeHidden()
  await expect(panel.getByTestId('book-badge')).toHaveText('Demo')

  await live.click()
  await page.getByTestId('switch-live-confirm').click()
  await expect(panel.getByTestId('book-badge')).toHaveText('Live')
  await expect(panel.getByTestId('balance-empty-live')).toBeVisible()

  await page.goto(`/detail?symbol=${SYMBOL}`)
  await expect(page.getByTestId('trade-book')).toHaveText('Live')
  await page.getByTestId('trade-buy').click()
  await expect(page.getByRole('dialog', { name: new RegExp(SYMBOL) }).getByTestId('ticket-book')).toHaveText('Live')
  await page.keyboard.press('Escape')

  await page.goto('/profile/orders')
  await expect(page.getByTestId('trade-book')).toHaveText('Live')
  await page.getByTestId('trade-empty-live').getByRole('link', { name: 'Deposit' }).click()
  await expect(page).toHaveURL(/\/profile\/deposit$/)
})

test('after switching to Live, the orders screen shows the live book at once, not the demo positions kept in memory', async ({ page }) => {
  const wallet = await installWallet(page)
  await signInFresh(page, wallet)
  const headers = { authorization: `Bearer ${await token(page)}`, 'idempotency-key': randomUUID() }
  const opened = await page.request.post('/api/createContractOrder', { headers, data: { symbol: SYMBOL, side: 'buy', lots: '0.01', leverage: 10 } })
  expect(opened.status()).toBe(200)
  await page.goto('/profile/orders')
  await expect(page.getByTestId('trade-book')).toHaveText('Demo')
  await expect(page.getByTestId('position')).toHaveCount(1)

  // Within the app (no reload), to the balance, switch to Live, and back.
  await page.evaluate(() => {
    history.pushState(history.state, '', '/profile/balance')
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }))
  })
  const panel = page.getByTestId('balance-panel')
  await panel.getByRole('radio', { name: 'Live', exact: true }).click()
  await page.getByTestId('switch-live-confirm').click()
  await expect(panel.getByTestId('book-badge')).toHaveText('Live')
  await page.goBack()
  await expect(page).toHaveURL(/\/profile\/orders$/)
  await expect(page.getByTestId('trade-book')).toHaveText('Live')
  await expect(page.getByTestId('trade-empty-live')).toBeVisible()
  await expect(page.getByTestId('position')).toHaveCount(0)
})
