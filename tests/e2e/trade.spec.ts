// Trading on the demo book, in real Chromium against the real server and its price simulator (tests/e2e/serve.ts).
// BTCUSDT trades 24x7, so these run on a weekend too. Mobile: the ticket is a bottom sheet; desktop: a dialog.
import { expect, test, type Page } from '@playwright/test'
import { installWallet } from './fixtures/wallet.ts'
import { signInFresh, token } from './fixtures/app.ts'

const SYMBOL = 'BTCUSDT'

/** A displayed en-US price ("95,012.50") as a number, for choosing a price near it. */
const numberOf = (text: string) => Number(text.replace(/[^\d.-]/g, ''))

async function openInstrument(page: Page) {
  await page.goto(`/detail?symbol=${SYMBOL}`)
  await expect(page.getByTestId('instrument-bid')).toBeVisible()
  await expect(page.getByTestId('simulated').first()).toBeVisible()
  // The chart's library arrives in its own chunk after the screen, then draws the candles.
  await expect(page.getByTestId('chart-canvas')).toHaveAttribute('data-ready', 'true')
}

test('a long with TP and SL opens on the demo book, its P/L moves, it closes, and the record shows both', async ({ page }) => {
  const wallet = await installWallet(page)
  await signInFresh(page, wallet)
  await openInstrument(page)

  await page.getByTestId('trade-buy').click()
  const ticket = page.getByRole('dialog', { name: `New order: ${SYMBOL}` })
  await expect(ticket.getByTestId('ticket-margin')).toContainText('USDT')
  await ticket.getByTestId('ticket-lots').fill('1.5')

  // A take profit below the price of a buy is refused before anything is sent, in the server's own words.
  const bid = numberOf((await page.getByTestId('instrument-bid').textContent()) ?? '')
  await ticket.getByTestId('stop-tp-input').fill(String(Math.floor(bid * 0.9)))
  await expect(ticket.getByTestId('stop-tp')).toContainText('unreasonable price setting for stop profit and stop loss')
  await ticket.getByTestId('ticket-review').click()
  await expect(ticket.getByTestId('ticket-confirm')).toHaveCount(0)

  // TP as a gain of 400 USDT, SL as a loss of 300 USDT: each shows its price and percentage beside it.
  await ticket.getByTestId('stop-tp').getByRole('radio', { name: 'USDT' }).click()
  await ticket.getByTestId('stop-tp-input').fill('400')
  await expect(ticket.getByTestId('stop-tp-views')).toContainText('+400.00 USDT')
  await ticket.getByTestId('stop-sl').getByRole('radio', { name: 'USDT' }).click()
  // 1.5 lots at 1:100 on 10 000 USDT: stop-out comes about 6 000 USDT below the price; a 9 900 USDT loss lies beyond.
  await expect(ticket.getByTestId('ticket-stop-out')).toHaveText(/\d/)
  await ticket.getByTestId('stop-sl-input').fill('9900')
  await expect(ticket.getByTestId('stop-sl')).toContainText('Beyond the stop-out price')
  await ticket.getByTestId('stop-sl-input').fill('300')
  await expect(ticket.getByTestId('stop-sl-views')).toContainText('-300.00 USDT')
  await expect(ticket.getByTestId('stop-sl')).not.toContainText('Beyond the stop-out price')

  // No slippage accepted: once the price has moved, confirming re-quotes instead of sending.
  await ticket.getByTestId('ticket-slippage').fill('0')
  await ticket.getByTestId('ticket-review').click()
  const confirm = ticket.getByTestId('ticket-confirm')
  const quoted = await confirm.getByTestId('confirm-price').textContent()
  const ask = page.getByTestId('instrument-ask')
  await expect.poll(() => ask.textContent(), { timeout: 20_000 }).not.toBe(quoted)
  await confirm.getByTestId('ticket-confirm-button').click()
  await expect(confirm.getByTestId('ticket-requote')).toContainText('The price moved')
  await expect(page.getByTestId('position')).toHaveCount(0)
  await confirm.getByRole('button', { name: 'Change the order' }).click()
  await ticket.getByTestId('ticket-slippage').fill('500')
  await ticket.getByTestId('ticket-review').click()
  await expect(confirm.getByTestId('confirm-lots')).toHaveText('1.5')
  await expect(confirm.getByTestId('confirm-tp')).toHaveText(/\d/)
  await expect(confirm.getByTestId('confirm-sl')).toHaveText(/\d/)
  await confirm.getByTestId('ticket-confirm-button').click()
  await expect(ticket).toBeHidden()

  const position = page.getByTestId('position').filter({ hasText: SYMBOL })
  await expect(position).toHaveCount(1)
  // The P/L follows the simulator's ticks through the socket.
  const pl = position.getByTestId('position-pl')
  const first = await pl.textContent()
  await expect.poll(() => pl.textContent(), { timeout: 30_000 }).not.toBe(first)
  await expect(page.getByTestId('account-margin-level')).toHaveText(/%/)

  await position.getByTestId('position-close').click()
  await page.getByTestId('position-close-confirm').click()
  await expect(page.getByTestId('position')).toHaveCount(0)

  // The record holds the opening (margin and fee) and the close (margin back, P/L), one row each.
  await page.goto('/profile/records')
  await expect(page.getByTestId('record-row').filter({ hasText: `Bought 1.5 lots ${SYMBOL}` })).toHaveCount(1)
  await expect(page.getByTestId('record-row').filter({ hasText: /Closed #\d+ BTCUSDT: P\/L/ })).toHaveCount(1)

  // The history lists it as closed by the user.
  await page.goto('/profile/orders')
  await page.getByRole('tab', { name: 'History' }).click()
  await expect(page.getByTestId('history-order').filter({ hasText: SYMBOL }).first()).toContainText('Closed by you')
})

test('a buy limit below the ask fills when the ask comes down to it and opens a position', async ({ page, request }) => {
  const wallet = await installWallet(page)
  await signInFresh(page, wallet)
  await openInstrument(page)

  await page.getByTestId('trade-buy').click()
  const ticket = page.getByRole('dialog', { name: `New order: ${SYMBOL}` })
  await ticket.getByRole('radio', { name: 'Limit' }).click()
  const ask = numberOf((await page.getByTestId('instrument-ask').textContent()) ?? '')
  const limit = Math.round(ask * 0.99)
  await ticket.getByTestId('ticket-limit-price').fill(String(limit))
  await ticket.getByTestId('ticket-review').click()
  await ticket.getByTestId('ticket-confirm-button').click()
  await expect(ticket).toBeHidden()
  // The ask coming down through the limit (the e2e-only quote hook, server/modules/orders/test-hooks.routes.ts).
  const headers = { Authorization: (await token(page))! }
  const data = { symbol: SYMBOL, bid: (limit - 20).toFixed(2), ask: (limit - 10).toFixed(2) }
  expect((await request.post('/api/test/quote', { headers, data })).status()).toBe(200)

  // order_update on the socket refreshes the lists: the limit order becomes a position.
  await expect(page.getByTestId('position').filter({ hasText: SYMBOL })).toHaveCount(1, { timeout: 20_000 })
  await page.getByRole('tab', { name: 'Pending' }).click()
  await expect(page.getByTestId('limit-order')).toHaveCount(0)
  await page.getByRole('tab', { name: 'History' }).click()
  await page.getByRole('radio', { name: 'Limit orders' }).click()
  await expect(page.getByTestId('history-order').filter({ hasText: SYMBOL }).first()).toHaveAttribute('data-status', 'filled')
})

test('a tab that becomes visible again refetches the limit orders after about a second', async ({ page }) => {
  const wallet = await installWallet(page)
  await signInFresh(page, wallet)
  await page.goto('/profile/orders')
  await expect(page.getByTestId('orders-panel')).toBeVisible()
  await page.getByRole('tab', { name: 'Pending' }).click()
  await expect(page.getByText('No pending limit orders')).toBeVisible()

  const asked = page.waitForRequest((r) => r.url().includes('/api/getLimitOrderList'))
  const shownAt = await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true })
    document.dispatchEvent(new Event('visibilitychange'))
    return Date.now()
  })
  await asked
  const askedAt = await page.evaluate(() => Date.now())
  expect(askedAt - shownAt).toBeGreaterThanOrEqual(1000)
})
