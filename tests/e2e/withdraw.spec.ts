// A withdrawal end to end in real Chromium: a live user asks one (the fee and what arrives shown before confirming),
// a finance operator signs in to the console with TOTP and approves it with the payout's hash, and the user sees it
// paid, without reloading, and in the transaction record.
import { randomBytes, randomUUID } from 'node:crypto'
import { expect, test, type Page } from '@playwright/test'
import { installWallet } from './fixtures/wallet.ts'
import { signInFresh, token } from './fixtures/app.ts'
import { opsSignIn } from './fixtures/ops.ts'

const DEST = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'

/** Live money to withdraw: the e2e server's hook credits the live book through the ledger, as a deposit would. */
async function fundLive(page: Page, amount: string) {
  const headers = { authorization: `Bearer ${await token(page)}`, 'idempotency-key': randomUUID() }
  expect((await page.request.post('/api/test/liveFunds', { headers, data: { amount, currency: 'USDT' } })).status()).toBe(200)
  await page.goto('/profile/balance')
  const balance = page.getByTestId('balance-panel')
  await balance.getByRole('radio', { name: 'Live', exact: true }).click()
  await page.getByTestId('switch-live-confirm').click()
  await expect(balance.getByTestId('balance-total')).toHaveText(`${amount}.00 USDT`)
}

test('a user asks a withdrawal, an operator approves it with a payout hash, the user sees it paid', async ({ page }) => {
  const wallet = await installWallet(page)
  await signInFresh(page, wallet)
  await fundLive(page, '500')

  await page.goto('/profile/withdraw')
  const panel = page.getByTestId('withdraw-panel')
  await panel.getByTestId('withdraw-amount').fill('100')
  // A mixed-case address whose checksum does not match is refused before anything is sent.
  await panel.getByTestId('withdraw-address').fill(DEST.replace('aA', 'Aa'))
  await expect(panel.getByText('This is not a valid Ethereum (ERC-20) address.', { exact: false })).toBeVisible()
  await expect(panel.getByTestId('withdraw-continue')).toBeDisabled()
  await panel.getByTestId('withdraw-address').fill(DEST)
  // The fee and the amount that arrives, before the confirm step.
  await expect(panel.getByTestId('withdraw-fee')).toHaveText('1.00 USDT')
  await expect(panel.getByTestId('withdraw-receive')).toHaveText('99.00 USDT')
  await panel.getByTestId('withdraw-continue').click()
  await expect(panel.getByTestId('withdraw-confirm-address')).toHaveText(DEST)
  await panel.getByTestId('withdraw-confirm-button').click()
  const item = panel.getByTestId('withdrawal-item').first()
  await expect(item).toContainText('Pending review')
  await expect(item).toContainText('100.00 USDT')

  // The operator, in another tab: the console's queue, the payout's hash, approve.
  const ops = await page.context().newPage()
  await opsSignIn(ops, ['finance'])
  await ops.getByRole('navigation').getByRole('link', { name: 'Withdrawals' }).click()
  const row = ops.getByTestId('ops-withdrawal').filter({ hasText: wallet.address })
  await expect(row).toContainText('99')
  const txHash = `0x${randomBytes(32).toString('hex')}`
  await row.getByTestId('withdrawal-hash').fill(txHash)
  await row.getByTestId('withdrawal-approve').click()
  await expect(row).toHaveCount(0)
  await ops.close()

  // The user's screen follows the socket's balance_update: paid, with the hash, without a reload.
  await expect(item).toContainText('Paid')
  await expect(item.getByTestId('withdrawal-tx')).toHaveText(txHash)
  await page.goto('/profile/records')
  // The record tells events: the request took the 100 from the available balance, the payout moved nothing more.
  const rows = page.getByTestId('record-row')
  await expect(rows.filter({ hasText: 'requested' })).toContainText('-100.00 USDT')
  await expect(rows.filter({ hasText: 'paid out:' })).toContainText('99')
  await page.goto('/profile/balance')
  await expect(page.getByTestId('balance-total')).toHaveText('400.00 USDT')
})
