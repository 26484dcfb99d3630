// Home signed in is portfolio first: equity, today's P/L, a few open positions that lead to their instrument, Deposit
// and Trade, then the prices. Signed out it keeps the pitch and the two ways in.
import { expect, test } from '@playwright/test'
import { installWallet } from './fixtures/wallet.ts'
import { signInFresh, skipIntro } from './fixtures/app.ts'

const SYMBOL = 'BTCUSDT'

test('signed in, home leads with the portfolio; a position opened shows there with its P/L, and its close counts today', async ({ page }) => {
  const wallet = await installWallet(page)
  await signInFresh(page, wallet)
  const equity = page.getByTestId('portfolio-equity')
  await expect(equity).toHaveText('10,000.00 USDT')
  await expect(page.getByTestId('portfolio-book')).toHaveText('Demo')
  await expect(page.getByTestId('portfolio-today')).toHaveText('0.00 USDT')
  // The portfolio comes before the prices.
  const portfolioTop = (await equity.boundingBox())!
  const pricesTop = (await page.getByTestId('all-markets').boundingBox())!
  expect(portfolioTop.y < pricesTop.y || portfolioTop.x < pricesTop.x).toBe(true)
  // Its words come from the later screens' catalog, which home itself does not wait for.
  await expect(page.getByRole('heading', { name: /^Portfolio/ })).toBeVisible()
  await expect(page.getByTestId('portfolio-deposit')).toHaveText('Deposit')
  await expect(page.getByTestId('portfolio-deposit')).toHaveAttribute('href', '/profile/deposit')
  await expect(page.getByTestId('portfolio-trade')).toHaveText('Trade')
  await expect(page.getByTestId('portfolio-trade')).toHaveAttribute('href', '/trades')
  await expect(page.getByTestId('portfolio-position')).toHaveCount(0)

  await page.goto(`/detail?symbol=${SYMBOL}`)
  await page.getByTestId('trade-buy').click()
  const ticket = page.getByRole('dialog', { name: `New order: ${SYMBOL}` })
  await ticket.getByTestId('ticket-slippage').fill('5000')
  await ticket.getByTestId('ticket-review').click()
  await ticket.getByTestId('ticket-confirm-button').click()
  await expect(ticket).toBeHidden()

  await page.getByRole('link', { name: 'Home' }).first().click()
  const row = page.getByTestId('portfolio-position')
  await expect(row).toHaveCount(1)
  await expect(row).toContainText(SYMBOL)
  await expect(row).toContainText('USDT')
  // The equity moves with the position's P/L on the live ticks.
  const first = await equity.textContent()
  await expect.poll(() => equity.textContent(), { timeout: 30_000 }).not.toBe(first)

  await row.click()
  await expect(page).toHaveURL(new RegExp(`/detail\\?symbol=${SYMBOL}$`))
  await page.getByTestId('position').getByTestId('position-close').click()
  await page.getByTestId('position-close-confirm').click()
  await expect(page.getByTestId('position')).toHaveCount(0)
  await page.getByRole('link', { name: 'Home' }).first().click()
  await expect(page.getByTestId('portfolio-position')).toHaveCount(0)
  // A position opened and closed within the day made or lost something (its fee at least).
  await expect(page.getByTestId('portfolio-today')).toHaveText(/^[+-]\d[\d,]*\.\d\d USDT$/)
  await expect(page.getByTestId('portfolio-today')).not.toHaveText(/^[+-]?0\.00 USDT$/)
})

test('signed out, home keeps the pitch and the two ways in, and no portfolio', async ({ page }) => {
  await page.goto('/')
  await skipIntro(page)
  await expect(page.getByTestId('signed-out')).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: /Trade and invest with/ })).toBeVisible()
  await expect(page.getByTestId('all-markets')).toBeVisible()
  await expect(page.getByTestId('portfolio-equity')).toHaveCount(0)
})
