// The market list (/trades): its class tabs side by side in every language at the narrowest phone, the search that
// reads "EUR/USD", "eur usd" and "eurusd" alike, and instrument names in the reader's language. The currencies page
// (/cruuency) says where money comes in and goes out, from the funds configuration Deposit and Withdraw use.
import { expect, test, type Page } from '@playwright/test'
import { LANGUAGES } from '../../src/contract/locales.ts'
import { installWallet } from './fixtures/wallet.ts'
import { signInFresh } from './fixtures/app.ts'

async function setLanguage(page: Page, language: string) {
  await page.evaluate((code) => {
    const session = JSON.parse(localStorage.getItem('keelson.session') ?? '{}') as Record<string, unknown>
    localStorage.setItem('keelson.session', JSON.stringify({ ...session, language: code }))
  }, language)
}

/** Pairs of tabs whose boxes overlap, and tabs whose label is wider than the tab ("FavouritAll"). */
function tabClashes() {
  const tabs = [...document.querySelectorAll<HTMLElement>('.market-tools [role=tab]')]
  const boxes = tabs.map((t) => t.getBoundingClientRect())
  const found: string[] = []
  if (tabs.length < 6) found.push(`only ${tabs.length} tabs`)
  for (let i = 0; i < tabs.length; i++) {
    const tab = tabs[i]!
    if (tab.scrollWidth > tab.clientWidth + 1) found.push(`"${tab.textContent}" is wider than its tab`)
    for (let j = i + 1; j < tabs.length; j++) {
      const a = boxes[i]!
      const b = boxes[j]!
      if (a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5)
        found.push(`"${tab.textContent}" overlaps "${tabs[j]!.textContent}"`)
    }
  }
  return found
}

test('at 320 px the class tabs never overlap, in any of the 16 languages', async ({ page }) => {
  test.setTimeout(120_000)
  const wallet = await installWallet(page)
  await signInFresh(page, wallet) // signed in: the Favourites tab is there too
  await page.setViewportSize({ width: 320, height: 700 })
  const found: string[] = []
  for (const { code, bcp47 } of LANGUAGES) {
    await setLanguage(page, code)
    await page.goto('/trades')
    await expect(page.locator('html')).toHaveAttribute('lang', bcp47)
    await expect(page.locator('.market-tools [role=tab]').first()).toBeVisible()
    await page.evaluate(() => document.fonts.ready)
    for (const problem of await page.evaluate(tabClashes)) found.push(`${bcp47}: ${problem}`)
  }
  expect(found).toEqual([])
})

test('the search finds EURUSD however the pair is written, and by its translated name', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('keelson.intro.shown', '1'))
  await page.goto('/trades')
  const search = page.getByRole('searchbox', { name: 'Search' })
  const rows = page.getByTestId('market-row')
  for (const query of ['EUR/USD', 'eur usd', 'eurusd']) {
    await search.fill(query)
    await expect(rows.first(), query).toHaveAttribute('data-symbol', 'EURUSD')
    await expect(rows, query).toHaveCount(1)
  }
  await setLanguage(page, 'de_DE')
  await page.reload()
  await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE')
  await page.getByRole('searchbox', { name: 'Suchen' }).fill('Rohöl')
  await expect(rows).toHaveCount(2) // WTI and Brent
  await expect(rows.first()).toContainText('USOIL')
  await expect(rows.first()).toContainText('Rohöl WTI')
  await page.getByRole('searchbox', { name: 'Suchen' }).fill('')
  await expect(page.locator('[data-symbol=EURUSD]')).toContainText('Euro / US-Dollar')
})

/** Closed rows whose symbol, bid/ask and "closed" badge overlap one another. */
function closedRowClashes() {
  const found: string[] = []
  for (const row of document.querySelectorAll<HTMLElement>('[data-testid=market-row]')) {
    const badge = row.querySelector<HTMLElement>('[data-testid=market-closed]')
    if (!badge) continue
    const parts = [row.querySelector<HTMLElement>('.price-symbol')!, row.querySelector<HTMLElement>('.price-quote')!, badge]
    const boxes = parts.map((p) => p.getBoundingClientRect())
    for (let i = 0; i < parts.length; i++)
      for (let j = i + 1; j < parts.length; j++) {
        const a = boxes[i]!
        const b = boxes[j]!
        if (a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5)
          found.push(`${row.dataset.symbol}: "${parts[i]!.textContent}" overlaps "${parts[j]!.textContent}"`)
      }
  }
  return found
}

test('at 320 px in German a closed market\'s "Geschlossen" leaves its symbol and prices clear', async ({ page }) => {
  const wallet = await installWallet(page)
  await signInFresh(page, wallet)
  // The page's clock on a Saturday (after signing in, which the server checks against its own): forex is closed.
  await page.clock.setFixedTime(new Date('2026-11-28T12:00:00Z'))
  await page.setViewportSize({ width: 320, height: 700 })
  await setLanguage(page, 'de_DE')
  await page.goto('/trades')
  await expect(page.getByTestId('market-closed').first()).toHaveText('Geschlossen')
  await page.evaluate(() => document.fonts.ready)
  expect(await page.evaluate(closedRowClashes)).toEqual([])
})

test('the currencies page lists the networks open for deposits or withdrawals and leads to Deposit and Withdraw', async ({ page }) => {
  await signInFresh(page, await installWallet(page))
  await page.goto('/cruuency')
  const card = page.getByRole('region', { name: 'Deposit and withdraw' })
  // A fresh server: USDT and ETH on Ethereum, withdrawals open, deposits not until an operator sets an address.
  const usdt = card.getByTestId('funding-network').filter({ hasText: 'USDT' })
  await expect(usdt).toContainText('Ethereum (ERC-20)')
  await expect(usdt).toContainText(/Withdraw only|Deposit and withdraw/)
  await expect(page.getByText(/coming release/)).toHaveCount(0)
  await card.getByTestId('funding-deposit').click()
  await expect(page).toHaveURL(/\/profile\/deposit$/)
  await expect(page.getByTestId('deposit-panel')).toBeVisible()
  await page.goBack()
  await card.getByTestId('funding-withdraw').click()
  await expect(page).toHaveURL(/\/profile\/withdraw$/)
})
