// The instrument screen's layout: chart first with its OHLC legend and full screen; Sell and Buy with the live bid
// and ask always in reach on a phone (fixed above the tab bar), never clipping a price, in German at 320 too; and at
// 1440x900 a trading layout where the chart, the ticket's confirm button and the positions all show without
// scrolling; and, on either project's screen, the legend's tick volume (the chart's volume is a count of quote
// updates, the feed having no traded volume). The ticket itself is trade.spec.ts's.
import { expect, test, type Locator, type Page } from '@playwright/test'
import { installWallet } from './fixtures/wallet.ts'
import { signInFresh } from './fixtures/app.ts'

const SYMBOL = 'BTCUSDT'

async function openInstrument(page: Page) {
  const wallet = await installWallet(page)
  await signInFresh(page, wallet)
  await page.goto(`/detail?symbol=${SYMBOL}`)
  await expect(page.getByTestId('chart-canvas')).toHaveAttribute('data-ready', 'true')
}

/** Signed in without the intro's English buttons (the wallet's name is its own in every language). */
async function openInstrumentIn(page: Page) {
  await page.addInitScript(() => localStorage.setItem('keelson.intro.shown', '1'))
  await installWallet(page)
  await page.goto('/empty')
  await page.getByRole('button', { name: 'Test Wallet' }).click()
  await page.waitForFunction(() => Boolean((JSON.parse(localStorage.getItem('keelson.session') ?? '{}') as { token?: string }).token))
  await page.goto(`/detail?symbol=${SYMBOL}`)
  await expect(page.getByTestId('chart-canvas')).toHaveAttribute('data-ready', 'true')
}

/** The text of two elements read in the same frame, so a tick between two reads cannot make them differ. */
const sameFrame = (a: Locator, b: Locator) =>
  Promise.all([a.elementHandle(), b.elementHandle()]).then(([x, y]) => a.page().evaluate(([p, q]) => [p?.textContent ?? '', q?.textContent ?? ''], [x, y] as const))

/** Every part of the element's content fits inside it: nothing clipped or spilling over its edges. */
const fitsInside = (button: Locator) =>
  button.evaluate((el) => {
    const box = el.getBoundingClientRect()
    return el.scrollWidth <= el.clientWidth + 1 && [...el.querySelectorAll('span')].every((s) => {
      const r = s.getBoundingClientRect()
      return r.left >= box.left - 0.5 && r.right <= box.right + 0.5 && r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5 && s.scrollWidth <= s.clientWidth + 1
    })
  })

// Under the project's own screen: the phone (mobile) and 1440x900 (desktop).
test('the legend names the newest bar\'s tick volume, a whole number above zero', async ({ page }) => {
  await openInstrument(page)
  const legend = page.getByTestId('chart-legend')
  await expect(legend).toContainText('Tick volume')
  const ticks = legend.getByTestId('legend-ticks')
  // English grouping, no decimals: 1,234.
  await expect(ticks).toHaveText(/^\d{1,3}(,\d{3})*$/)
  expect(Number((await ticks.textContent())!.replaceAll(',', ''))).toBeGreaterThan(0)
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 428, height: 926 }, isMobile: true, hasTouch: true })

  test('Sell and Buy stay above the tab bar with the live bid and ask, and the ticket they open shows both', async ({ page }) => {
    await openInstrument(page)
    // The chart comes first, above the quote.
    const chartBox = (await page.getByTestId('chart').boundingBox())!
    const quoteBox = (await page.getByTestId('instrument-bid').boundingBox())!
    expect(chartBox.y).toBeLessThan(quoteBox.y)

    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
    const bar = page.getByTestId('trade-bar')
    await expect(bar).toBeInViewport({ ratio: 1 })
    const barBox = (await bar.boundingBox())!
    const tabsBox = (await page.locator('.bottom-tabs').boundingBox())!
    expect(barBox.y + barBox.height).toBeLessThanOrEqual(tabsBox.y + 1)

    const [sell, bid] = await sameFrame(page.getByTestId('trade-sell'), page.getByTestId('instrument-bid-small'))
    expect(sell).toBe(`Sell${bid}`)
    const [buy, ask] = await sameFrame(page.getByTestId('trade-buy'), page.getByTestId('instrument-ask'))
    expect(buy).toBe(`Buy${ask}`)

    await page.getByTestId('trade-buy').click()
    const ticket = page.getByRole('dialog', { name: `New order: ${SYMBOL}` })
    const [inTicket, onScreen] = await sameFrame(ticket.getByTestId('ticket-ask'), page.getByTestId('instrument-ask'))
    expect(inTicket).toBe(onScreen)
    await expect(ticket.getByTestId('ticket-bid')).toHaveText(/\d/)
    // Live: the ticket's ask follows the ticks while it is open.
    await expect.poll(() => ticket.getByTestId('ticket-ask').textContent(), { timeout: 20_000 }).not.toBe(inTicket)
  })

  test('the chart names open, high, low and close, and goes full screen in portrait and landscape', async ({ page }) => {
    await openInstrument(page)
    const legend = page.getByTestId('chart-legend')
    for (const part of ['open', 'high', 'low', 'close']) await expect(legend.getByTestId(`legend-${part}`)).toHaveText(/^\d{1,3}(,\d{3})*\.\d+$/)
    // The newest bar closes at the bid.
    const [close, bid] = await sameFrame(legend.getByTestId('legend-close'), page.getByTestId('instrument-bid-small'))
    expect(close).toBe(bid)

    await page.getByTestId('chart-full').click()
    const chart = page.getByTestId('chart')
    await expect(chart).toHaveClass(/is-full/)
    const full = (await chart.boundingBox())!
    expect(full.width).toBe(428)
    expect(full.height).toBe(926)
    // Over everything, the Sell/Buy bar included.
    const onTop = await page.getByTestId('trade-bar').evaluate((bar) => {
      const r = bar.getBoundingClientRect()
      return document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)?.closest('[data-testid="chart"]') !== null
    })
    expect(onTop).toBe(true)
    await page.setViewportSize({ width: 926, height: 428 })
    await expect.poll(async () => (await page.getByTestId('chart-canvas').boundingBox())?.width).toBeGreaterThan(880)
    expect((await page.getByTestId('chart-canvas').boundingBox())!.height).toBeGreaterThan(250)
    await page.getByTestId('chart-full').click()
    await expect(chart).not.toHaveClass(/is-full/)
  })
})

test.describe('in German at 320', () => {
  test.use({ locale: 'de-DE', viewport: { width: 320, height: 640 }, isMobile: true, hasTouch: true })

  test('Verkaufen and Kaufen show their whole price, nothing clipped, and stay in view', async ({ page }) => {
    await openInstrumentIn(page)
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
    await expect(page.getByTestId('trade-bar')).toBeInViewport({ ratio: 1 })
    for (const [id, word] of [['trade-sell', 'Verkaufen'], ['trade-buy', 'Kaufen']] as const) {
      const button = page.getByTestId(id)
      await expect(button).toContainText(word)
      // German grouping: 94.960,12.
      await expect(button.locator('.side-price')).toHaveText(/^\d{1,3}(\.\d{3})*,\d+$/)
      expect(await fitsInside(button)).toBe(true)
    }
    await page.getByTestId('trade-sell').click()
    const ticket = page.getByRole('dialog', { name: new RegExp(SYMBOL) })
    await expect(ticket.getByTestId('ticket-bid')).toHaveText(/^\d{1,3}(\.\d{3})*,\d+$/)
  })
})

test.describe('at 1440x900', () => {
  test.use({ viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false })

  test('the market list, chart, ticket and positions stand side by side, all of it above the fold', async ({ page }) => {
    await openInstrument(page)
    const list = page.getByRole('region', { name: 'Markets' })
    const chart = page.getByTestId('chart-canvas')
    await expect(list.getByRole('link', { name: /EURUSD/ })).toBeInViewport()
    await expect(chart).toBeInViewport({ ratio: 1 })
    // The legend names the bar under the pointer: an old one on the left, not the newest closing at the bid.
    const box = (await chart.boundingBox())!
    await page.mouse.move(box.x + box.width * 0.1, box.y + box.height / 2)
    await expect
      .poll(async () => {
        const [close, bid] = await sameFrame(page.getByTestId('legend-close'), page.getByTestId('instrument-bid-small'))
        return close !== bid && /\d/.test(close)
      })
      .toBe(true)
    await page.mouse.move(0, 0)

    await page.getByTestId('trade-buy').click()
    const ticket = page.getByRole('dialog', { name: `New order: ${SYMBOL}` })
    // Docked beside the chart, not over it: the chart stays in view and usable.
    const chartBox = (await chart.boundingBox())!
    const ticketBox = (await ticket.boundingBox())!
    expect(ticketBox.x).toBeGreaterThanOrEqual(chartBox.x + chartBox.width)
    expect((await list.boundingBox())!.x + (await list.boundingBox())!.width).toBeLessThanOrEqual(chartBox.x)
    await expect(ticket.getByTestId('ticket-review')).toBeInViewport({ ratio: 1 })
    await ticket.getByTestId('ticket-slippage').fill('5000')
    await ticket.getByTestId('ticket-review').click()
    const confirm = ticket.getByTestId('ticket-confirm-button')
    await expect(confirm).toBeInViewport({ ratio: 1 })
    await expect(chart).toBeInViewport({ ratio: 1 })
    await confirm.click()
    await expect(ticket).toBeHidden()

    const position = page.getByTestId('positions').getByTestId('position').filter({ hasText: SYMBOL })
    await expect(position).toHaveCount(1)
    await expect(page.getByTestId('positions')).toBeInViewport({ ratio: 1 })
    await expect(chart).toBeInViewport({ ratio: 1 })
    expect(await page.evaluate(() => window.scrollY)).toBe(0)
  })
})
