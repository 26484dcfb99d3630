// Proof of liabilities in real Chromium: a user with live money opens their proof under Account, and the browser
// itself (WebCrypto SHA-256, src/contract/liability-tree.ts) verifies it against the published root, which is also
// the newest of the public roots. A proof altered on its way (one unit more on the leaf) is refused on the screen: the
// verdict is the browser's, not the server's say-so.
import { randomUUID } from 'node:crypto'
import { expect, test, type Page } from '@playwright/test'
import type { MyLiabilityProof } from '../../src/contract/liabilities.ts'
import { installWallet } from './fixtures/wallet.ts'
import { signInFresh, token } from './fixtures/app.ts'

/** Live money credited through the ledger (the e2e server's hook, as a deposit would), then today's snapshot. */
async function liveBalanceInSnapshot(page: Page, amount: string) {
  const authorization = `Bearer ${await token(page)}`
  const funded = await page.request.post('/api/test/liveFunds', { headers: { authorization, 'idempotency-key': randomUUID() }, data: { amount, currency: 'USDT' } })
  expect(funded.status()).toBe(200)
  expect((await page.request.post('/api/test/liabilitySnapshot', { headers: { authorization } })).status()).toBe(200)
}

test('a user with a live balance opens their proof of liabilities and sees it verified in the browser', async ({ page }) => {
  const wallet = await installWallet(page)
  await signInFresh(page, wallet)
  await liveBalanceInSnapshot(page, '1234.5')

  await page.goto('/profile')
  await page.getByTestId('account-row-proof').click()
  await expect(page).toHaveURL(/\/profile\/proof$/)
  const panel = page.getByTestId('proof-panel')
  await expect(panel.getByTestId('proof-verified')).toHaveText('Verified')
  await expect(panel.getByTestId('proof-balance-USDT')).toHaveText('1,234.50 USDT')
  await expect(panel.getByTestId('proof-path-length')).toHaveText(/^\d+$/)
  const root = await panel.getByTestId('proof-root').textContent()
  expect(root).toMatch(/^[0-9a-f]{64}$/)
  // The root checked is the newest of the public record, listed with its total.
  const newest = panel.getByTestId('liability-root').first()
  await expect(newest).toContainText(root!)
  await expect(newest).toContainText('USDT')
})

test('a proof altered on its way is refused on the screen', async ({ page }) => {
  const wallet = await installWallet(page)
  await signInFresh(page, wallet)
  await liveBalanceInSnapshot(page, '50')
  await page.route('**/api/getLiabilityProof', async (route) => {
    const answer = await route.fetch()
    const body = (await answer.json()) as { data: MyLiabilityProof }
    const proof = body.data.proof!
    proof.balances = proof.balances.map((units) => (units === '0' ? units : (BigInt(units) + 1n).toString()))
    await route.fulfill({ response: answer, json: body })
  })

  await page.goto('/profile/proof')
  const panel = page.getByTestId('proof-panel')
  await expect(panel.getByTestId('proof-failed')).toHaveText('Not verified')
  await expect(panel.getByTestId('proof-status')).toContainText('does not reach the published root')
  await expect(panel.getByTestId('proof-verified')).toHaveCount(0)
})

test('a user with nothing on the live book is told the snapshot lists only users owed money, and sees the public roots', async ({ page }) => {
  const wallet = await installWallet(page)
  await signInFresh(page, wallet)
  expect((await page.request.post('/api/test/liabilitySnapshot', { headers: { authorization: `Bearer ${await token(page)}` } })).status()).toBe(200)

  await page.goto('/profile/proof')
  const panel = page.getByTestId('proof-panel')
  await expect(panel.getByTestId('proof-not-included')).toContainText('You had no live balance when the latest snapshot was taken')
  await expect(panel.getByTestId('proof-verified')).toHaveCount(0)
  await expect(panel.getByTestId('liability-root').first()).toContainText(/[0-9a-f]{64}/)
})
