// The transaction record and the position history after one round trip on the demo book, in real Chromium against
// the real server and its price simulator (BTCUSDT trades 24x7).
import { readFile } from 'node:fs/promises'
import { expect, test, type Page } from '@playwright/test'
import { installWallet } from './fixtures/wallet.ts'
import { signInFresh } from './fixtures/app.ts'

const SYMBOL = 'BTCUSDT'

/** Buys 1 lot and closes it again; answers the order number. */
async function roundTrip(page: Page): Promise<string> {
  await page.goto(`/detail?symbol=${SYMBOL}`)
  await expect(page.getByTestId('instrument-bid')).toBeVisible()
  await page.getByTestId('trade-buy').click()
  const ticket = page.getByRole('dialog', { name: `New order: ${SYMBOL}` })
  await ticket.getByTestId('ticket-lots').fill('1')
  await ticket.getByTestId('ticket-slippage').fill('500')
  await ticket.getByTestId('ticket-review').click()
  await ticket.getByTestId('ticket-confirm').getByTestId('ticket-confirm-button').click()
  await expect(ticket).toBeHidden()
  const position = page.getByTestId('position').filter({ hasText: SYMBOL })
  await expect(position).toHaveCount(1)
  const orderNo = (await position.getAttribute('data-order-no'))!
  await position.getByTestId('position-close').click()
  await page.getByTestId('position-close-confirm').click()
  await expect(page.getByTestId('position')).toHaveCount(0)
  return orderNo
}

test('a round trip is two readable rows in the record and in its CSV, and the filter offers only kinds it holds', async ({ page }) => {
  const wallet = await installWallet(page)
  await signInFresh(page, wallet)
  const no = await roundTrip(page)

  await page.goto('/profile/records')
  const rows = page.getByTestId('record-row')
  await expect(rows).toHaveCount(3)
  const amount = String.raw`[\d,]+\.\d\d`
  await expect(rows.nth(0)).toContainText(new RegExp(`Closed #${no} ${SYMBOL}: P/L [+-]?${amount}, margin ${amount} released`))
  await expect(rows.nth(1)).toContainText(new RegExp(`Bought 1 lot ${SYMBOL} #${no}: margin ${amount} held, fee ${amount}`))
  await expect(rows.nth(2)).toContainText('Demo funds')
  // The balance beside each row is the available one: after the opening it is below the 10 000 the funding left.
  await expect(rows.nth(2)).toContainText('Available 10,000.00')
  await expect(rows.nth(1)).toContainText(/Available \d,\d{3}\.\d\d/)
  await expect(rows.nth(1)).not.toContainText('Available 0.00')

  const kinds = page.locator('#record-kind option')
  await expect(kinds).toHaveText(['All types', 'Demo funds', 'Trade', 'Fee'])
  await page.locator('#record-kind').selectOption('fee')
  await expect(rows).toHaveCount(1)
  await expect(rows.first()).toHaveAttribute('data-event', 'position_opened')
  await page.locator('#record-kind').selectOption('')
  await expect(rows).toHaveCount(3)

  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export CSV' }).click()
  const csv = await readFile(await (await downloading).path(), 'utf8')
  const lines = csv.split('\r\n')
  expect(lines[0]).toBe('time,event,description,symbol,order,side,lots,amount,fee,profit,currency,book,available_after')
  expect(lines.slice(1, 3)).toEqual([
    expect.stringMatching(new RegExp(`,position_closed,"Closed #${no} ${SYMBOL}: P/L .*",${SYMBOL},${no},buy,1,[\\d.]+,,-?[\\d.]+,USDT,demo,[\\d.]+$`)),
    expect.stringMatching(new RegExp(`,position_opened,"Bought 1 lot ${SYMBOL} #${no}: .*",${SYMBOL},${no},buy,1,-[\\d.]+,[\\d.]+,,USDT,demo,[\\d.]+$`)),
  ])
})

test('the history lists the closed position with the totals of its filter', async ({ page }) => {
  const wallet = await installWallet(page)
  await signInFresh(page, wallet)
  const no = await roundTrip(page)

  await page.goto('/profile/orders')
  await page.getByRole('tab', { name: 'History' }).click()
  const item = page.getByTestId('history-order')
  await expect(item).toHaveCount(1)
  await expect(item).toHaveAttribute('data-order-no', no)
  const pl = (await item.getByTestId('history-pl').textContent())!
  await expect(page.getByTestId('history-count')).toHaveText(/^1 \(/)
  await expect(page.getByTestId('history-profit')).toHaveText(pl)
  await expect(page.locator('#history-symbol option')).toHaveText(['All instruments', SYMBOL])

  await page.locator('#history-side').selectOption('sell')
  await expect(page.getByTestId('history-empty')).toContainText('No closed positions match these filters')
  await expect(page.getByTestId('history-totals')).toHaveCount(0)
  await page.locator('#history-side').selectOption('buy')
  await expect(item).toHaveCount(1)
})
