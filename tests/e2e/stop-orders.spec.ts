// Pending stop orders and the toasts of the order engine, in real Chromium against the real server. Prices are the
// simulator's, except where a test crosses an order's price on purpose through the e2e-only POST /api/test/quote
// (server/modules/orders/test-hooks.routes.ts), which answers once the engine has acted on that quote.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { installWallet } from './fixtures/wallet.ts'
import { signInFresh, token } from './fixtures/app.ts'

const SYMBOL = 'BTCUSDT'
/** A displayed en-US price ("95,012.50") as a number, for choosing a price near it. */
const numberOf = (text: string) => Number(text.replace(/[^\d.-]/g, ''))

async function openTicket(page: Page) {
  await page.goto(`/detail?symbol=${SYMBOL}`)
  await expect(page.getByTestId('instrument-ask')).toBeVisible()
  await page.getByTestId('trade-buy').click()
  const ticket = page.getByRole('dialog', { name: `New order: ${SYMBOL}` })
  await expect(ticket.getByTestId('ticket-margin')).toContainText('USDT')
  return ticket
}

/** Publishes one BTCUSDT quote (bid 10 below the ask, as the catalogue's spread) and waits for the engine. */
async function quote(request: APIRequestContext, page: Page, ask: number) {
  const headers = { Authorization: (await token(page))! }
  const data = { symbol: SYMBOL, bid: (ask - 10).toFixed(2), ask: ask.toFixed(2) }
  expect((await request.post('/api/test/quote', { headers, data })).status()).toBe(200)
}

test('a buy limit above the ask is offered as a buy stop in one tap; the stop waits, named, and fills when the ask rises to it', async ({ page, request }) => {
  const wallet = await installWallet(page)
  await signInFresh(page, wallet)
  const ticket = await openTicket(page)

  // The price field starts empty, with the live ask beside it.
  await ticket.getByRole('radio', { name: 'Limit' }).click()
  await expect(ticket.getByTestId('ticket-limit-price')).toHaveValue('')
  await expect(ticket.getByTestId('ticket-price-now')).toContainText('Ask now')

  const ask = numberOf((await page.getByTestId('instrument-ask').textContent()) ?? '')
  const above = Math.round(ask * 1.02)
  await ticket.getByTestId('ticket-limit-price').fill(String(above))
  await expect(ticket.getByTestId('ticket-wrong-side')).toContainText('A buy limit waits below the ask')
  // Nothing is sent as a limit that would buy at once.
  await ticket.getByTestId('ticket-review').click()
  await expect(ticket.getByTestId('ticket-confirm')).toHaveCount(0)

  await ticket.getByTestId('ticket-switch-type').click()
  await expect(ticket.getByRole('radio', { name: 'Stop' })).toBeChecked()
  await expect(ticket.getByTestId('ticket-wrong-side')).toHaveCount(0)
  await expect(ticket.getByTestId('ticket-review')).toContainText('Review buy stop')
  await ticket.getByTestId('ticket-review').click()
  const confirm = ticket.getByTestId('ticket-confirm')
  await expect(confirm).toContainText('Stop price')
  await confirm.getByTestId('ticket-confirm-button').click()
  await expect(ticket).toBeHidden()
  await expect(page.getByText('Stop order placed')).toBeVisible()

  await page.getByRole('tab', { name: 'Pending' }).click()
  const pending = page.getByTestId('limit-order').filter({ hasText: SYMBOL })
  await expect(pending).toHaveAttribute('data-type', 'stop')
  await expect(pending).toContainText('Buy stop')
  await expect(pending).toContainText('Stop price')

  // The ask rising through the stop fills it at that ask: the toast names it and links to the position.
  await quote(request, page, above + 50)
  const toast = page.getByTestId('trade-toast')
  await expect(toast).toContainText(`Buy stop filled: 0.01 lots ${SYMBOL} at`)
  await expect(pending).toHaveCount(0)
  await page.getByRole('tab', { name: 'Positions' }).click()
  await expect(page.getByTestId('position').filter({ hasText: SYMBOL })).toHaveCount(1)

  // The record names the type too.
  await page.goto('/profile/records')
  await expect(page.getByTestId('record-row').filter({ hasText: `Buy stop 0.01 lots ${SYMBOL}` })).toHaveCount(1)
})

test('a limit that fills shows a toast naming it; its link lands on the position, and the messages keep it', async ({ page, request }) => {
  const wallet = await installWallet(page)
  await signInFresh(page, wallet)
  const ticket = await openTicket(page)
  await ticket.getByRole('radio', { name: 'Limit' }).click()
  const ask = numberOf((await page.getByTestId('instrument-ask').textContent()) ?? '')
  const below = Math.round(ask * 0.98)
  await ticket.getByTestId('ticket-limit-price').fill(String(below))
  await expect(ticket.getByTestId('ticket-wrong-side')).toHaveCount(0)
  await ticket.getByTestId('ticket-review').click()
  await ticket.getByTestId('ticket-confirm-button').click()
  await expect(ticket).toBeHidden()

  // The app open (no reload: its socket stays bound), the ask comes down through the limit.
  await quote(request, page, below - 100)
  const toast = page.getByTestId('trade-toast')
  const price = (below - 100).toLocaleString('en-US', { minimumFractionDigits: 2 })
  await expect(toast).toContainText(`Buy limit filled: 0.01 lots ${SYMBOL} at ${price}`)
  await toast.getByTestId('trade-toast-link').click()
  await expect(page).toHaveURL(/\/profile\/orders\?book=demo#order-\d+$/)
  const positionNo = new URL(page.url()).hash.slice('#order-'.length)
  const position = page.locator(`[data-testid="position"][data-order-no="${positionNo}"]`)
  await expect(position).toBeInViewport()

  // The message names the fill too, and links to the same position.
  await page.goto('/profile/notifications')
  const message = page.getByTestId('message').filter({ hasText: 'Limit order filled' })
  await expect(message.locator('.message-body')).toHaveText(`Your limit order filled at ${price}: it opened position #${positionNo} Buy 0.01 lots ${SYMBOL}.`)
  await message.getByTestId('message-link').click()
  await expect(page).toHaveURL(new RegExp(`/profile/orders\\?book=demo#order-${positionNo}$`))
  await expect(position).toBeInViewport()
})
