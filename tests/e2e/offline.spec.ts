import { randomUUID } from 'node:crypto'
import { expect, test, type Page } from '@playwright/test'
import { installWallet } from './fixtures/wallet.ts'
import { controlledByServiceWorker, signInFresh, token } from './fixtures/app.ts'

/** The prices the app kept in IndexedDB (src/features/markets/last-prices.ts). */
function savedPrices(page: Page) {
  return page.evaluate(
    () =>
      new Promise<{ symbol: string; bid: string; time: number }[]>((resolve) => {
        const open = indexedDB.open('keelson-prices', 1)
        open.onupgradeneeded = () => open.result.createObjectStore('last')
        open.onsuccess = () => {
          const get = open.result.transaction('last', 'readonly').objectStore('last').get('tickers')
          get.onsuccess = () => {
            resolve((get.result as { symbol: string; bid: string; time: number }[] | undefined) ?? [])
            open.result.close()
          }
        }
      }),
  )
}

test('the installed shell reloads offline with an offline banner and the last screen', async ({ page, context }) => {
  const wallet = await installWallet(page)
  await signInFresh(page, wallet)
  await expect(page.getByTestId('live-prices')).toBeVisible()
  await controlledByServiceWorker(page)
  await context.setOffline(true)
  await page.reload()
  await expect(page.getByTestId('offline-banner')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Market' }).first()).toBeVisible()
  await context.setOffline(false)
})

test('the last prices show offline after a reload, with their time and the offline banner', async ({ page, context }) => {
  const wallet = await installWallet(page)
  await signInFresh(page, wallet)
  await expect(page.getByTestId('price-row').first()).toBeVisible()
  await controlledByServiceWorker(page)
  await expect.poll(async () => (await savedPrices(page)).length).toBeGreaterThan(6)
  // A later visit, home and then the market list, with the service worker keeping their public answers.
  await page.reload()
  await page.getByTestId('all-markets').click()
  await expect(page.getByTestId('market-row').first()).toBeVisible()
  await page.goBack()
  await expect(page.getByTestId('price-row').first()).toBeVisible()
  const index = (await (await page.request.get('/api/getIndexDataV2')).json()) as { data: { featured: string[] } }
  const featured = index.data.featured
  expect(featured).toHaveLength(6)

  await context.setOffline(true)
  try {
    await page.reload()
    await expect(page.getByTestId('offline-banner')).toBeVisible()
    // No socket offline: what shows is what was kept, each symbol with its last bid; home keeps to its featured
    // few (the kept home figures name them), not every price of the book.
    const saved = await savedPrices(page)
    const rows = page.getByTestId('price-row')
    await expect(rows).toHaveCount(featured.length)
    await expect(rows).toHaveText(featured.map((symbol) => new RegExp(symbol)))
    // A featured price under 1000 reads the same raw and formatted in English (EURUSD, AAPL).
    const first = saved.find((t) => featured.includes(t.symbol) && Number(t.bid) < 1000)!
    const row = rows.filter({ hasText: first.symbol })
    await expect(row).toContainText(first.bid)
    // Their time, with the date: prices kept yesterday must not pass for today's.
    const year = String(new Date(Math.max(...saved.map((t) => t.time))).getUTCFullYear())
    const keptAt = page.getByTestId('prices-time').getByTestId('stale-note')
    await expect(keptAt).toContainText(year)

    // The market list too: every instrument of the kept catalogue, each with its last price, and their time.
    await page.getByTestId('all-markets').click()
    const list = page.getByTestId('market-row')
    await expect(list.first()).toBeVisible()
    expect(await list.count()).toBeGreaterThan(featured.length)
    const listed = page.locator(`[data-testid=market-row][data-symbol=${first.symbol}]`)
    await expect(listed).toContainText(new RegExp(`${first.symbol}.*\\d\\.\\d{2}`))
    await expect(keptAt).toContainText(year)
    // Both read one source, the newest kept price (saved ticks and the kept catalogue's quotes merged, newest per
    // symbol): home, the list and the instrument show the same price for the symbol under the same time.
    const listedBid = (await listed.locator('.price-quote > .price').first().textContent())!
    const listedAt = (await keptAt.textContent())!
    await page.goBack()
    await expect(row.locator('.price-quote > .price').first()).toHaveText(listedBid)
    await expect(keptAt).toHaveText(listedAt)
    await row.click()
    await expect(page.getByTestId('instrument-bid')).toHaveText(listedBid)
    await page.goBack()
    await page.getByTestId('all-markets').click()

    // The instrument's chart has no candles offline: it says so inside its card, nothing spilling out.
    await page.locator(`[data-testid=market-row][data-symbol=${first.symbol}] a`).click()
    const chart = page.getByTestId('chart')
    await expect(chart.getByTestId('chart-offline')).toBeVisible()
    const spill = await chart.evaluate((el) => {
      const card = el.closest('.card')!.getBoundingClientRect()
      return [...el.querySelectorAll('*')].filter((c) => {
        const r = c.getBoundingClientRect()
        return r.width > 0 && (r.left < card.left - 1 || r.right > card.right + 1 || r.top < card.top - 1 || r.bottom > card.bottom + 1)
      }).length
    })
    expect(spill).toBe(0)
  } finally {
    await context.setOffline(false)
  }
})

test('the balance and open positions show offline after a reload with their time, and sign-out forgets them', async ({ page, context, request }) => {
  const wallet = await installWallet(page)
  await signInFresh(page, wallet)
  const headers = { Authorization: (await token(page))!, 'Idempotency-Key': randomUUID() }
  // A market open every day and hour (forex closes from Friday 22:00 UTC to Sunday night; this ran red on a Friday night).
  const opened = await request.post('/api/createContractOrder', { headers, data: { symbol: 'BTCUSDT', side: 'buy', lots: '0.01', leverage: 100 } })
  expect(opened.status()).toBe(200)
  const orderNo = ((await opened.json()) as { data: { orderNo: string } }).data.orderNo
  await page.reload()
  const position = page.getByTestId('portfolio-position').filter({ hasText: 'BTCUSDT' })
  await expect(position).toBeVisible()
  await expect(page.getByTestId('portfolio-equity')).toContainText('USDT')
  await expect(page.getByTestId('portfolio-time')).toHaveCount(0)
  await controlledByServiceWorker(page)

  await context.setOffline(true)
  try {
    await page.reload()
    await expect(page.getByTestId('offline-banner')).toBeVisible()
    // The last values kept on this device for this user, and when they were fetched (with the date).
    await expect(page.getByTestId('portfolio-equity')).toContainText('USDT')
    await expect(position).toBeVisible()
    await expect(page.getByTestId('portfolio-time').getByTestId('stale-note')).toContainText(String(new Date().getUTCFullYear()))
    await page.getByTestId('portfolio-all').click()
    await expect(page.locator(`[data-testid="position"][data-order-no="${orderNo}"]`)).toBeVisible()
    await expect(page.getByTestId('orders-time').getByTestId('stale-note')).toBeVisible()
  } finally {
    await context.setOffline(false)
  }

  // Kept only while this user is signed in here: signing out forgets them.
  const kept = () => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('keelson.kept.')).length)
  expect(await kept()).toBeGreaterThan(0)
  await page.goto('/profile')
  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect.poll(() => token(page)).toBeNull()
  await expect.poll(kept).toBe(0)
})

test('the manifest makes the app installable', async ({ page, request }) => {
  await installWallet(page)
  const response = await request.get('/manifest.webmanifest')
  expect(response.ok()).toBe(true)
  const manifest = (await response.json()) as { display: string; orientation: string; icons: { sizes: string; purpose?: string }[] }
  expect(manifest.display).toBe('standalone')
  expect(manifest.orientation).toBe('portrait')
  expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']))
  expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true)
  for (const icon of ['/icons/icon-192.png', '/icons/icon-512.png', '/icons/icon-maskable-512.png']) {
    expect((await request.get(icon)).headers()['content-type']).toContain('image/png')
  }
})
