// The order engine closing a position while the app is open: a take profit, a stop loss and a stop-out each show a
// toast naming the symbol, side, lots, close price and P/L, with a link to the position's entry in the history, and
// leave a message naming the same, with the same link. Prices are pinned through the e2e-only POST /api/test/quote with `hold`
// (server/modules/orders/test-hooks.routes.ts), so the position opens at a known price and the trigger is crossed on
// purpose; each test unpins BTCUSDT at the end, leaving the simulator to walk on from where it was.
import { randomUUID } from 'node:crypto'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { installWallet } from './fixtures/wallet.ts'
import { signInFresh, token, userEventsLive } from './fixtures/app.ts'

// Sign-in, the instrument's first load and three engine round trips: more than the default minute on a busy machine.
test.describe.configure({ timeout: 120_000 })

const SYMBOL = 'BTCUSDT'
const SPREAD = 10
const numberOf = (text: string | null) => Number((text ?? '').replace(/[^\d.-]/g, ''))
/** An amount as the app shows it in en-US with 2 digits: 95,012.50. */
const shown = (n: number) => n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })

/** Pins BTCUSDT's quote at this ask (bid SPREAD below) and waits for the engine to act on it. */
async function pin(page: Page, request: APIRequestContext, ask: number, hold = true) {
  const headers = { Authorization: (await token(page))! }
  const data = { symbol: SYMBOL, bid: (ask - SPREAD).toFixed(2), ask: ask.toFixed(2), hold }
  expect((await request.post('/api/test/quote', { headers, data })).status()).toBe(200)
}

async function openPosition(page: Page, request: APIRequestContext, data: Record<string, unknown>) {
  const headers = { Authorization: (await token(page))!, 'Idempotency-Key': randomUUID() }
  const res = await request.post('/api/createContractOrder', { headers, data: { symbol: SYMBOL, leverage: 100, ...data } })
  const body = (await res.json()) as { code: number; data: { orderNo: string; openPrice: string } }
  expect(body.code).toBe(200)
  return body.data
}

/** Signed in, on the instrument screen (its socket open and the user's events bound to it), with BTCUSDT pinned at a
 * round ask near the live one. */
async function ready(page: Page, request: APIRequestContext) {
  const wallet = await installWallet(page)
  await signInFresh(page, wallet)
  await page.goto(`/detail?symbol=${SYMBOL}`)
  // The instrument's first load (catalogue, chart library) is the slow part of a busy machine.
  await expect(page.getByTestId('orders-panel')).toBeVisible({ timeout: 30_000 })
  // The live socket starts after the first screen (src/lib/after-first-screen.ts), and the user's own events reach it
  // only once the server has answered its bind: an order_update pushed before that goes to no socket, so the close
  // shows no toast (the message still arrives). An open socket is not enough: with the bind answered late, the close
  // beats it and the toast never comes. Wait until the user's events are live, as they are for a user who has the
  // app open.
  await userEventsLive(page)
  const ask = Math.round(numberOf(await page.getByTestId('instrument-ask').textContent()))
  await pin(page, request, ask)
  return ask
}

/** The toast names what closed; its link opens the position's entry in the history; the messages keep the event,
 * named the same way, with a link to the same entry. */
async function expectClosed(page: Page, orderNo: string, text: string, title: string, body: string) {
  const toast = page.getByTestId('trade-toast').filter({ hasText: text })
  await expect(toast).toBeVisible()
  await toast.getByTestId('trade-toast-link').click()
  const entry = page.locator(`[data-testid="history-order"][data-order-no="${orderNo}"]`)
  await expect(page).toHaveURL(new RegExp(`/profile/orders\\?book=demo#closed-${orderNo}$`))
  await expect(entry).toBeInViewport()
  // The order is of the book the app is on: nothing to switch, nothing to say.
  await expect(page.getByTestId('book-switched')).toHaveCount(0)
  await page.goto('/profile/notifications')
  const message = page.getByTestId('message').filter({ hasText: title })
  await expect(message).toHaveCount(1)
  await expect(message.locator('.message-body')).toHaveText(body)
  await message.getByTestId('message-link').click()
  await expect(page).toHaveURL(new RegExp(`/profile/orders\\?book=demo#closed-${orderNo}$`))
  await expect(entry).toBeInViewport()
}

test('a take profit reached closes the position with a toast naming it, linked to it, and a message', async ({ page, request }) => {
  const ask = await ready(page, request)
  try {
    const position = await openPosition(page, request, { side: 'buy', lots: '0.25', takeProfit: String(ask + 300) })
    expect(Number(position.openPrice)).toBe(ask)
    // The bid jumps past the take profit: the position closes at that bid, gap included.
    const bid = ask + 500 - SPREAD
    await pin(page, request, ask + 500)
    const pl = `+${shown(0.25 * (bid - ask))} USDT`
    await expectClosed(
      page,
      position.orderNo,
      `Take profit: Buy 0.25 lots ${SYMBOL} closed at ${shown(bid)}, P/L ${pl}`,
      'Take profit reached',
      `Your position #${position.orderNo} Buy 0.25 lots ${SYMBOL} was closed at its take profit at ${shown(bid)}. P/L: ${pl}.`,
    )
  } finally {
    await pin(page, request, ask, false)
  }
})

test('a stop loss reached closes the position with a toast naming it, linked to it, and a message', async ({ page, request }) => {
  const ask = await ready(page, request)
  const bid = ask - SPREAD
  try {
    const position = await openPosition(page, request, { side: 'sell', lots: '0.25', stopLoss: String(bid + 300) })
    expect(Number(position.openPrice)).toBe(bid)
    // A sell closes at the ask: it rises past the stop loss.
    await pin(page, request, bid + 500)
    const pl = `-${shown(0.25 * 500)} USDT`
    await expectClosed(
      page,
      position.orderNo,
      `Stop loss: Sell 0.25 lots ${SYMBOL} closed at ${shown(bid + 500)}, P/L ${pl}`,
      'Stop loss reached',
      `Your position #${position.orderNo} Sell 0.25 lots ${SYMBOL} was closed at its stop loss at ${shown(bid + 500)}. P/L: ${pl}.`,
    )
  } finally {
    await pin(page, request, ask, false)
  }
})

test('a stop-out closes the position with a toast naming it, linked to it, and a message', async ({ page, request }) => {
  const ask = await ready(page, request)
  try {
    // 1.5 lots at 1:100 on the demo book's 10 000 USDT: a fall of 6 300 leaves the equity near 550 USDT against some
    // 1 400 USDT of margin, under the 50 % stop-out level.
    const position = await openPosition(page, request, { side: 'buy', lots: '1.5' })
    expect(Number(position.openPrice)).toBe(ask)
    const bid = ask - 6300
    await pin(page, request, bid + SPREAD)
    const pl = `-${shown(1.5 * 6300)} USDT`
    await expectClosed(
      page,
      position.orderNo,
      `Stop-out: Buy 1.5 lots ${SYMBOL} closed at ${shown(bid)}, P/L ${pl}`,
      'Position closed by stop-out',
      `Your margin level fell below the stop-out level, so your position #${position.orderNo} Buy 1.5 lots ${SYMBOL} was closed at ${shown(bid)}. P/L: ${pl}.`,
    )
  } finally {
    await pin(page, request, ask, false)
  }
})
