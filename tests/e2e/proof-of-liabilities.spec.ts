// Proof of liabilities in real Chromium: a user with live money opens their proof under Account, and the browser
// itself (WebCrypto SHA-256, src/contract/liability-tree.ts) verifies it against the published root, which is also
// the newest of the public roots. A proof altered on its way (one unit more on the leaf) is refused on the screen: the
// verdict is the browser's, not the server's say-so. A user picks an earlier snapshot from the published roots and its
// proof is verified the same way; a snapshot whose proofs were pruned says so in the app and in the console, where
// finance sees every snapshot.
import { randomUUID } from 'node:crypto'
import { expect, test, type Page } from '@playwright/test'
import type { MyLiabilityProof } from '../../src/contract/liabilities.ts'
import { installWallet } from './fixtures/wallet.ts'
import { signInFresh, token } from './fixtures/app.ts'
import { opsSignIn } from './fixtures/ops.ts'

/** Live money credited through the ledger (the e2e server's hook, as a deposit would), then today's snapshot. */
async function liveBalanceInSnapshot(page: Page, amount: string): Promise<{ id: number; root: string }> {
  const authorization = `Bearer ${await token(page)}`
  const funded = await page.request.post('/api/test/liveFunds', { headers: { authorization, 'idempotency-key': randomUUID() }, data: { amount, currency: 'USDT' } })
  expect(funded.status()).toBe(200)
  const published = await page.request.post('/api/test/liabilitySnapshot', { headers: { authorization } })
  expect(published.status()).toBe(200)
  return ((await published.json()) as { data: { id: number; root: string } }).data
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

test('a user picks an earlier snapshot from the published roots and sees that proof verified in the browser', async ({ page }) => {
  const wallet = await installWallet(page)
  await signInFresh(page, wallet)
  const earlier = await liveBalanceInSnapshot(page, '100')
  const latest = await liveBalanceInSnapshot(page, '50')

  await page.goto('/profile/proof')
  const panel = page.getByTestId('proof-panel')
  await expect(panel.getByTestId('proof-verified')).toHaveText('Verified')
  await expect(panel.getByTestId('proof-balance-USDT')).toHaveText('150.00 USDT')
  await expect(panel.getByTestId('proof-root')).toHaveText(latest.root)
  await expect(panel.getByTestId('proof-picked')).toHaveCount(0)

  // The earlier root in the public record opens the proof in that snapshot: the balance then, its root, checked here.
  const listed = panel.getByTestId('liability-root').filter({ hasText: earlier.root })
  await expect(panel.getByTestId('liability-root').filter({ hasText: latest.root }).getByTestId('liability-root-shown')).toBeVisible()
  await listed.getByTestId('liability-root-open').click()
  await expect(panel.getByTestId('proof-picked')).toContainText('Snapshot of')
  await expect(panel.getByTestId('proof-root')).toHaveText(earlier.root)
  await expect(panel.getByTestId('proof-verified')).toHaveText('Verified')
  await expect(panel.getByTestId('proof-balance-USDT')).toHaveText('100.00 USDT')
  await expect(listed.getByTestId('liability-root-shown')).toBeVisible()
  await expect(panel.getByRole('heading', { name: 'Your proof' })).toBeInViewport()

  // And back to the latest.
  await panel.getByTestId('proof-latest').click()
  await expect(panel.getByTestId('proof-root')).toHaveText(latest.root)
  await expect(panel.getByTestId('proof-balance-USDT')).toHaveText('150.00 USDT')
  await expect(panel.getByTestId('proof-picked')).toHaveCount(0)
})

test('a pruned snapshot keeps its root but offers no proof, and the console lists every snapshot with its state', async ({ page }) => {
  const wallet = await installWallet(page)
  await signInFresh(page, wallet)
  const old = await liveBalanceInSnapshot(page, '20')
  const kept = await liveBalanceInSnapshot(page, '5')
  const pruned = await page.request.post('/api/test/liabilityPrune', { headers: { authorization: `Bearer ${await token(page)}` } })
  expect(pruned.status()).toBe(200)
  expect(((await pruned.json()) as { data: { pruned: number[] } }).data.pruned).toContain(old.id)

  await page.goto('/profile/proof')
  const panel = page.getByTestId('proof-panel')
  // The newest snapshot is never pruned: the proof still verifies.
  await expect(panel.getByTestId('proof-verified')).toHaveText('Verified')
  await expect(panel.getByTestId('proof-root')).toHaveText(kept.root)
  const oldRoot = panel.getByTestId('liability-root').filter({ hasText: old.root })
  await expect(oldRoot.getByTestId('liability-root-pruned')).toHaveText('Proofs deleted')
  await expect(oldRoot.getByTestId('liability-root-open')).toHaveCount(0)
  // Asked for anyway, the server gives the snapshot (marked pruned) and no proof.
  const answer = await page.request.get(`/api/getLiabilityProof?snapshot=${old.id}`, { headers: { authorization: `Bearer ${await token(page)}` } })
  expect(((await answer.json()) as { data: MyLiabilityProof }).data).toMatchObject({ snapshot: { root: old.root, pruned: true }, proof: null })

  const ops = await page.context().newPage()
  await opsSignIn(ops, ['finance'])
  await ops.getByRole('navigation').getByRole('link', { name: 'Proof of liabilities' }).click()
  const table = ops.getByTestId('ops-liability-snapshots')
  const oldRow = table.getByTestId('ops-liability-snapshot').filter({ hasText: old.root })
  const keptRow = table.getByTestId('ops-liability-snapshot').filter({ hasText: kept.root })
  await expect(oldRow).toContainText(/Pruned /)
  await expect(keptRow).toContainText('Kept')
  await expect(keptRow).toContainText('USDT')
  await expect(ops.getByText('Users can open their proofs in a snapshot for 90 days')).toBeVisible()
  await ops.close()
})
