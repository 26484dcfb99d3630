// A message links to its order in the order's book (?book=live): opened while the app is on demo, the app asks before
// it switches to real money (the balance screen's sheet), keeps demo with a note when the user stays, and after the
// user's yes says the book changed and shows the order (src/features/trade/components/linked-book.tsx). The live position trades on a quote pinned as a real feed's
// (POST /api/test/quote with `real`, server/modules/orders/test-hooks.routes.ts): the live book refuses simulated ones.
import { randomUUID } from 'node:crypto'
import { expect, test, type Page } from '@playwright/test'
import { installWallet } from './fixtures/wallet.ts'
import { signInFresh, token } from './fixtures/app.ts'

// Sign-in, the instrument's first load and an engine round trip: more than the default minute on a busy machine.
test.describe.configure({ timeout: 120_000 })

const SYMBOL = 'BTCUSDT'
const SPREAD = 10

async function post(page: Page, path: string, data: Record<string, unknown>) {
  const headers = { Authorization: (await token(page))!, 'Idempotency-Key': randomUUID() }
  const res = await page.request.post(`/api${path}`, { headers, data })
  expect(res.status(), path).toBe(200)
  return ((await res.json()) as { data: unknown }).data
}

/** Pins BTCUSDT at this ask (bid SPREAD below) as a real feed's quote and waits for the engine to act on it. */
const pin = (page: Page, ask: number, hold = true) =>
  post(page, '/test/quote', { symbol: SYMBOL, bid: (ask - SPREAD).toFixed(2), ask: ask.toFixed(2), hold, real: true })

test('a live message opened on demo asks before switching to live; staying keeps demo with a note, yes shows the order', async ({ page }) => {
  const wallet = await installWallet(page)
  await signInFresh(page, wallet)
  await post(page, '/test/liveFunds', { amount: '1000', currency: 'USDT' })
  await page.goto(`/detail?symbol=${SYMBOL}`)
  await expect(page.getByTestId('orders-panel')).toBeVisible({ timeout: 30_000 })
  const ask = Math.round(Number((await page.getByTestId('instrument-ask').textContent())!.replace(/[^\d.]/g, '')))
  await pin(page, ask)
  try {
    // A live position closed at its take profit leaves a live message; then the user goes back to demo.
    await post(page, '/updateAccountType', { accountType: 'live' })
    const position = (await post(page, '/createContractOrder', { symbol: SYMBOL, side: 'buy', lots: '0.01', leverage: 100, takeProfit: String(ask + 300) })) as { orderNo: string }
    await pin(page, ask + 500)
    await post(page, '/updateAccountType', { accountType: 'demo' })

    await page.goto('/profile/notifications')
    const message = page.getByTestId('message').filter({ hasText: 'Take profit reached' })
    await expect(message).toHaveCount(1)
    await message.getByTestId('message-link').click()
    await expect(page).toHaveURL(new RegExp(`/profile/orders\\?book=live#closed-${position.orderNo}$`))
    const sheet = page.getByRole('dialog', { name: 'Switch to your live book?' })
    await expect(sheet.getByTestId('switch-live-reason')).toHaveText('The order this link shows is in your live book.')
    // Staying on demo: nothing switched, the demo orders show under a note that names the order's book.
    await sheet.getByRole('button', { name: 'Stay on Demo' }).click()
    await expect(sheet).toBeHidden()
    await expect(page.getByTestId('book-elsewhere')).toContainText('This order is in your live book. You are still on your demo book.')
    await expect(page.getByTestId('trade-book')).toHaveText('Demo')
    await expect(page.locator(`[data-testid="history-order"][data-order-no="${position.orderNo}"]`)).toHaveCount(0)
    // The note's button asks again; yes switches, says so and shows the order.
    await page.getByRole('button', { name: 'Show it in Live' }).click()
    await sheet.getByTestId('switch-live-confirm').click()
    await expect(page.getByTestId('book-switched')).toHaveText(/Switched to your live book to show this order\./)
    await expect(page.getByTestId('trade-book')).toHaveText('Live')
    await expect(page.locator(`[data-testid="history-order"][data-order-no="${position.orderNo}"]`)).toBeInViewport()
  } finally {
    await pin(page, ask, false)
  }
})
