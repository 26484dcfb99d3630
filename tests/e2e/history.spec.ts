// The History tab of /profile/orders with positions that closed in another order than they opened (docs/trading.md):
// latest close first, and the instrument and close-day filters narrowing the list and its totals. Positions open and
// close through the API, so the order of the closes is exact; the screen is then read as a user sees it.
import { randomUUID } from 'node:crypto'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { installWallet } from './fixtures/wallet.ts'
import { signInFresh, token } from './fixtures/app.ts'

async function send(page: Page, request: APIRequestContext, path: string, data: Record<string, unknown>) {
  const headers = { Authorization: (await token(page))!, 'Idempotency-Key': randomUUID() }
  const body = (await (await request.post(`/api/${path}`, { headers, data })).json()) as { code: number; data: { orderNo: string } }
  expect(body.code).toBe(200)
  return body.data.orderNo
}

/** A UTC calendar day (the server's default offset) `days` from today, as the date input takes it. */
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

test('the history lists positions by close time, latest first, and filters them by instrument and close day', async ({ page, request }) => {
  const wallet = await installWallet(page)
  await signInFresh(page, wallet)
  const open = (symbol: string) => send(page, request, 'createContractOrder', { symbol, side: 'buy', lots: '0.01', leverage: 100 })
  const close = (orderNo: string) => send(page, request, 'closePositionOrder', { orderNo })
  // Opened first, second, third; closed second, third, first.
  const first = await open('BTCUSDT')
  const second = await open('ETHUSDT')
  const third = await open('BTCUSDT')
  await close(second)
  await close(third)
  await close(first)

  await page.goto('/profile/orders')
  await page.getByRole('tab', { name: 'History' }).click()
  const items = page.getByTestId('history-order')
  await expect(items).toHaveCount(3)
  expect(await items.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-order-no')))).toEqual([first, third, second])
  await expect(page.getByTestId('history-count')).toHaveText(/^3 \(/)

  await page.locator('#history-symbol').selectOption('ETHUSDT')
  await expect(items).toHaveCount(1)
  await expect(items).toHaveAttribute('data-order-no', second)
  await expect(page.getByTestId('history-count')).toHaveText(/^1 \(/)
  await expect(page.getByTestId('history-profit')).toHaveText((await items.getByTestId('history-pl').textContent())!)
  await page.locator('#history-symbol').selectOption('')
  await expect(items).toHaveCount(3)

  // Closed today: nothing up to yesterday, all three from today on.
  const dates = page.getByTestId('history-filters').locator('input[type=date]')
  await dates.nth(1).fill(day(-1))
  await expect(page.getByTestId('history-empty')).toContainText('No closed positions match these filters')
  await page.getByRole('button', { name: 'Clear date' }).click()
  await dates.nth(0).fill(day(0))
  await expect(items).toHaveCount(3)
  expect(await items.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-order-no')))).toEqual([first, third, second])
})
