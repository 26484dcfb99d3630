// Managing positions and pending orders on the demo book, in real Chromium against the real server and its price
// simulator (docs/trading.md "Managing positions and orders"): TP/SL of a position, a pending order's price and lots,
// a partial close, close all. Positions and orders are opened through the API before the instrument screen opens;
// each action is then driven through the app's sheets, and what changed is read off the screen.
import { randomUUID } from 'node:crypto'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { installWallet } from './fixtures/wallet.ts'
import { signInFresh, token } from './fixtures/app.ts'

const SYMBOL = 'BTCUSDT'

const numberOf = (text: string | null) => Number((text ?? '').replace(/[^\d.-]/g, ''))
/** A price as the app shows it in en-US with BTCUSDT's 2 digits: 95,012.50. */
const shown = (n: number) => n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })

async function signIn(page: Page) {
  const wallet = await installWallet(page)
  await signInFresh(page, wallet)
}

async function openInstrument(page: Page) {
  await page.goto(`/detail?symbol=${SYMBOL}`)
  await expect(page.getByTestId('instrument-bid')).toBeVisible()
  await expect(page.getByTestId('orders-panel')).toBeVisible()
}

async function send(page: Page, request: APIRequestContext, path: string, data: Record<string, unknown>) {
  const headers = { Authorization: (await token(page))!, 'Idempotency-Key': randomUUID() }
  const res = await request.post(`/api/${path}`, { headers, data })
  const body = (await res.json()) as { code: number; data: { orderNo: string } }
  expect(body.code).toBe(200)
  return body.data.orderNo
}
const openPosition = (page: Page, request: APIRequestContext, lots: string, side = 'buy') =>
  send(page, request, 'createContractOrder', { symbol: SYMBOL, side, lots, leverage: 100 })

test('TP and SL of an open position are set with the ticket’s checks, shown on the position, and removed', async ({ page, request }) => {
  await signIn(page)
  const orderNo = await openPosition(page, request, '1.5')
  await openInstrument(page)
  const position = page.locator(`[data-testid="position"][data-order-no="${orderNo}"]`)
  await expect(position).toBeVisible()

  await position.getByTestId('position-stops').click()
  const sheet = page.getByRole('dialog', { name: `Take profit and stop loss: ${SYMBOL}` })
  const bid = numberOf(await page.getByTestId('instrument-bid').textContent())
  await sheet.getByTestId('stop-tp-input').fill(String(Math.floor(bid * 0.9)))
  await expect(sheet.getByTestId('stop-tp')).toContainText('unreasonable price setting for stop profit and stop loss')
  const tp = Math.round(bid * 1.1)
  await sheet.getByTestId('stop-tp-input').fill(String(tp))
  await expect(sheet.getByTestId('stop-tp')).not.toContainText('unreasonable')
  // 1.5 lots at 1:100 on 10 000 USDT: stop-out comes some 6 000 USDT below the price; half the price lies beyond it.
  await expect(sheet.getByTestId('manage-stop-out')).toHaveText(/\d/)
  await sheet.getByTestId('stop-sl-input').fill(String(Math.round(bid * 0.5)))
  await expect(sheet.getByTestId('stop-sl')).toContainText('Beyond the stop-out price')
  const sl = Math.round(bid * 0.97)
  await sheet.getByTestId('stop-sl-input').fill(String(sl))
  await expect(sheet.getByTestId('stop-sl')).not.toContainText('Beyond the stop-out price')
  await sheet.getByTestId('manage-stops-save').click()
  await expect(sheet).toBeHidden()
  await expect(position).toContainText(shown(tp))
  await expect(position).toContainText(shown(sl))

  // Emptying the take profit removes it; the stop loss stays.
  await position.getByTestId('position-stops').click()
  await sheet.getByTestId('stop-tp-input').fill('')
  await sheet.getByTestId('manage-stops-save').click()
  await expect(sheet).toBeHidden()
  await expect(position).not.toContainText(shown(tp))
  await expect(position).toContainText(shown(sl))
})

test('a pending order’s price and lots change, one the book cannot pay is refused and the order waits as it was; its TP and SL are set against its price', async ({ page, request }) => {
  await signIn(page)
  const first = await send(page, request, 'createLimitOrder', { symbol: SYMBOL, side: 'buy', lots: '0.1', leverage: 100, price: '50000.00' })
  await openInstrument(page)
  const ask = numberOf(await page.getByTestId('instrument-ask').textContent())
  await page.getByRole('tab', { name: 'Pending' }).click()
  const order = page.getByTestId('limit-order')
  await expect(order).toHaveAttribute('data-order-no', first)

  await order.getByTestId('limit-edit').click()
  const sheet = page.getByRole('dialog', { name: `Change the limit order: ${SYMBOL}` })
  const price = Math.round(ask * 0.8)
  await sheet.getByTestId('manage-edit-price').fill(String(price))
  // 100 lots at 1:100 hold about 76 000 USDT: more than the demo book's 10 000.
  await sheet.getByTestId('manage-edit-lots').fill('100')
  await sheet.getByTestId('manage-edit-save').click()
  await expect(sheet).toContainText('Not enough free margin')
  await sheet.getByTestId('manage-edit-lots').fill('0.2')
  await expect(sheet.getByTestId('manage-edit-reservation')).toContainText('USDT')
  await sheet.getByTestId('manage-edit-save').click()
  await expect(sheet).toBeHidden()

  await expect(order).toHaveCount(1)
  await expect(order).not.toHaveAttribute('data-order-no', first)
  await expect(order).toContainText(shown(price))
  await expect(order).toContainText('0.2 lots')

  // Its take profit and stop loss are set against its own price, not the market's.
  await order.getByTestId('limit-stops').click()
  const stops = page.getByRole('dialog', { name: `Take profit and stop loss: ${SYMBOL}` })
  await stops.getByTestId('stop-sl-input').fill(String(Math.round(price * 1.05)))
  await expect(stops.getByTestId('stop-sl')).toContainText('unreasonable price setting for stop profit and stop loss')
  const tp = Math.round(price * 1.1)
  const sl = Math.round(price * 0.95)
  await stops.getByTestId('stop-tp-input').fill(String(tp))
  await stops.getByTestId('stop-sl-input').fill(String(sl))
  await expect(stops.getByTestId('stop-sl')).not.toContainText('unreasonable')
  await stops.getByTestId('manage-stops-save').click()
  await expect(stops).toBeHidden()
  await expect(order).toContainText(shown(tp))
  await expect(order).toContainText(shown(sl))
})

test('closing 0.5 of 1.5 lots leaves 1 lot open, and the record and history show the closed part', async ({ page, request }) => {
  await signIn(page)
  const orderNo = await openPosition(page, request, '1.5')
  await openInstrument(page)
  const position = page.locator(`[data-testid="position"][data-order-no="${orderNo}"]`)
  await expect(position).toContainText('1.5 lots')

  await position.getByTestId('position-partial').click()
  const sheet = page.getByRole('dialog', { name: `Close part of ${SYMBOL}` })
  await sheet.getByTestId('manage-partial-lots').fill('1.5')
  await expect(sheet).toContainText('Choose lots in steps of 0.01, less than the position\'s 1.5 lots.')
  await expect(sheet.getByTestId('manage-partial-confirm')).toBeDisabled()
  await sheet.getByTestId('manage-partial-lots').fill('0.5')
  await expect(sheet.getByTestId('manage-pl')).toContainText('USDT')
  await expect(sheet.getByTestId('manage-margin')).toContainText('→')
  await expect(sheet.getByTestId('manage-partial-confirm')).toContainText('Close 0.5 lots at')
  await sheet.getByTestId('manage-partial-confirm').click()
  await expect(sheet).toBeHidden()
  await expect(position).toContainText('1 lot')
  await expect(position).not.toContainText('1.5 lots')

  await page.goto('/profile/records')
  await expect(page.getByTestId('record-row').filter({ hasText: `Partially closed 0.5 lots ${SYMBOL} #${orderNo}: P/L` })).toHaveCount(1)
  await page.goto('/profile/orders')
  await page.getByRole('tab', { name: 'History' }).click()
  await expect(page.getByTestId('history-order').filter({ hasText: '0.5 lots' })).toHaveCount(1)
})

test('close all closes every BTCUSDT position in one action, after showing the P/L it realises', async ({ page, request }) => {
  await signIn(page)
  await openPosition(page, request, '0.1')
  await openPosition(page, request, '0.2', 'sell')
  await openInstrument(page)
  await expect(page.getByTestId('position')).toHaveCount(2)

  await page.getByTestId('close-all').click()
  const sheet = page.getByRole('dialog', { name: `Close every ${SYMBOL} position?` })
  await expect(sheet.getByTestId('manage-pl')).toContainText('USDT')
  await expect(sheet.getByTestId('manage-stop-out')).toHaveText('none')
  await sheet.getByTestId('close-all-confirm').click()
  await expect(sheet).toBeHidden()
  await expect(page.getByTestId('position')).toHaveCount(0)
  await expect(page.getByText('No open positions')).toBeVisible()

  await page.goto('/profile/records')
  await expect(page.getByTestId('record-row').filter({ hasText: new RegExp(`Closed #\\d+ ${SYMBOL}: P/L`) })).toHaveCount(2)
})

test('on the orders screen, close all closes the positions of every symbol in one action', async ({ page, request }) => {
  await signIn(page)
  await openPosition(page, request, '0.1')
  await send(page, request, 'createContractOrder', { symbol: 'ETHUSDT', side: 'sell', lots: '0.1', leverage: 100 })
  await page.goto('/profile/orders')
  await expect(page.getByTestId('position')).toHaveCount(2)

  await page.getByTestId('close-all').click()
  const sheet = page.getByRole('dialog', { name: 'Close every position?' })
  await expect(sheet.getByTestId('manage-pl')).toContainText('USDT')
  await sheet.getByTestId('close-all-confirm').click()
  await expect(sheet).toBeHidden()
  await expect(page.getByTestId('position')).toHaveCount(0)
  await expect(page.getByText('No open positions')).toBeVisible()
})
