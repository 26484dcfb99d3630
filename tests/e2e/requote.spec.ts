// A market order the server refuses because its price moved past the accepted slippage: the review re-prices in
// place at the server's quote (the 409's data), the new price stands out, and one tap opens the position. The test
// holds the server's price away from what the page last heard (the e2e-only POST /api/test/quote with `hold`) and
// keeps the page from hearing it (its socket frames held back), as when the price jumps between review and confirm.
import { expect, test } from '@playwright/test'
import { installWallet } from './fixtures/wallet.ts'
import { signInFresh, token } from './fixtures/app.ts'

const SYMBOL = 'BTCUSDT'
const numberOf = (text: string) => Number(text.replace(/[^\d.-]/g, ''))

test('a price that moved past the slippage re-prices the review in place, highlighted, and one tap confirms it', async ({ page, request }) => {
  let isDeaf = false
  await page.routeWebSocket('**/ws', (ws) => {
    const server = ws.connectToServer()
    server.onMessage((message) => {
      if (!isDeaf) ws.send(message)
    })
  })
  const wallet = await installWallet(page)
  await signInFresh(page, wallet)
  await page.goto(`/detail?symbol=${SYMBOL}`)
  await page.getByTestId('trade-buy').click()
  const ticket = page.getByRole('dialog', { name: `New order: ${SYMBOL}` })
  await expect(ticket.getByTestId('ticket-margin')).toContainText('USDT')
  await ticket.getByTestId('ticket-review').click()
  const confirm = ticket.getByTestId('ticket-confirm')
  const quoted = numberOf((await confirm.getByTestId('confirm-price').textContent()) ?? '')
  await expect(confirm.getByTestId('confirm-price')).not.toHaveAttribute('data-requoted')

  // The server's ask jumps 1 % (the default slippage accepts 0.05 %) and stays there; this page does not hear it.
  isDeaf = true
  const ask = Math.round(quoted * 1.01)
  const headers = { Authorization: (await token(page))! }
  const held = { symbol: SYMBOL, bid: (ask - 10).toFixed(2), ask: ask.toFixed(2) }
  expect((await request.post('/api/test/quote', { headers, data: { ...held, hold: true } })).status()).toBe(200)
  try {
    await confirm.getByTestId('ticket-confirm-button').click()
    const shown = ask.toLocaleString('en-US', { minimumFractionDigits: 2 })
    await expect(confirm.getByTestId('ticket-requote')).toContainText(`The price moved to ${shown}`)
    await expect(confirm.getByTestId('confirm-price')).toHaveText(shown)
    await expect(confirm.getByTestId('confirm-price')).toHaveAttribute('data-requoted', 'true')
    await expect(page.getByTestId('position')).toHaveCount(0)

    // One tap: sent at the server's price, it opens.
    await confirm.getByTestId('ticket-confirm-button').click()
    await expect(ticket).toBeHidden()
    isDeaf = false
    await expect(page.getByTestId('position').filter({ hasText: SYMBOL })).toHaveCount(1)
  } finally {
    await request.post('/api/test/quote', { headers, data: held })
  }
})
