// A loan end to end in real Chromium: an unverified user is sent to the verification; once verified, they see every
// number before asking, read the agreement, sign it by drawing (a finger on the phone, the mouse on the desktop), a
// finance operator funds the lending reserve and approves it in the console (the agreement unchanged since signing),
// and the user, credited without a reload, repays in full.
import { randomUUID } from 'node:crypto'
import { expect, test, type Page } from '@playwright/test'
import { installWallet } from './fixtures/wallet.ts'
import { isDesktop, signInFresh, token } from './fixtures/app.ts'
import { opsSignIn } from './fixtures/ops.ts'

async function post(page: Page, path: string, data: unknown = {}) {
  const headers = { authorization: `Bearer ${await token(page)}`, 'idempotency-key': randomUUID() }
  const response = await page.request.post(`/api${path}`, { headers, data })
  expect(response.status()).toBe(200)
}

/** Draws a zig-zag across the signature box: touch events on the phone (through CDP), the mouse on the desktop. */
async function drawSignature(page: Page) {
  const canvas = page.getByTestId('loan-signature')
  await canvas.scrollIntoViewIfNeeded()
  const box = (await canvas.boundingBox())!
  const points = Array.from({ length: 12 }, (_, i) => ({ x: box.x + box.width * (0.1 + 0.07 * i), y: box.y + box.height * (i % 2 ? 0.3 : 0.7) }))
  if (isDesktop(page)) {
    await page.mouse.move(points[0]!.x, points[0]!.y)
    await page.mouse.down()
    for (const p of points.slice(1)) await page.mouse.move(p.x, p.y, { steps: 3 })
    await page.mouse.up()
    return
  }
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [points[0]!] })
  for (const p of points.slice(1)) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [p] })
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
  await cdp.detach()
}

test('a verified user takes a loan, signs by drawing, an operator approves it, the user repays', async ({ page }) => {
  const wallet = await installWallet(page)
  await signInFresh(page, wallet)

  // Not verified: the product's 'perform KYC certification', with the way to the verification.
  await page.goto('/loan')
  await expect(page.getByText('perform KYC certification')).toBeVisible()
  await expect(page.getByTestId('loan-kyc')).toHaveAttribute('href', '/profile/verification')
  await post(page, '/test/verifiedIdentity')
  await page.reload()

  // Every number before anything is sent; an empty amount is refused in the product's words.
  await page.getByTestId('loan-apply').click()
  await expect(page.getByText('enter loan amount')).toBeVisible()
  await page.getByTestId('loan-amount').fill('1000')
  const quote = page.getByTestId('loan-quote')
  await expect(quote.getByTestId('loan-daily-rate')).toHaveText('0.05%')
  await expect(quote.getByTestId('loan-interest')).toHaveText('3.50 USDT')
  await expect(quote.getByTestId('loan-total')).toHaveText('1,003.50 USDT')
  await expect(quote.getByTestId('loan-damages')).toContainText('2.00 USDT per day')
  const agreement = page.waitForResponse((r) => r.url().includes('/api/customer/loan/agreement') && r.status() === 200)
  await page.getByTestId('loan-apply').click()

  // The agreement to read (the PDF itself, in the user's language), Not Signed; then signed by drawing.
  expect((await agreement).headers()['content-type']).toBe('application/pdf')
  const card = page.getByRole('region', { name: /^Loan #/ }).first()
  await expect(card.getByTestId('loan-status')).toHaveText('Not Signed')
  await expect(card.getByTestId('loan-agreement').locator('iframe')).toBeVisible()
  await drawSignature(page)
  await card.getByTestId('loan-sign-submit').click()
  await expect(card.getByTestId('loan-status')).toHaveText('Signed: waiting for approval')
  await expect(card.getByTestId('loan-resign')).toBeVisible()

  // The operator funds the reserve and approves; the agreement is unchanged since signing.
  const ops = await page.context().newPage()
  await opsSignIn(ops, ['finance'])
  await ops.getByRole('navigation').getByRole('link', { name: 'Loans' }).click()
  await ops.getByTestId('ops-fund-amount').fill('5000')
  await ops.getByTestId('ops-fund').click()
  await expect(ops.getByTestId('ops-reserve-balance')).not.toHaveText('0.00 USDT')
  const row = ops.getByTestId('ops-loan').filter({ hasText: wallet.address })
  await expect(row.getByTestId('ops-loan-hash')).toHaveText('unchanged since signing')
  await row.getByTestId('ops-loan-read').click()
  await expect(row.getByTestId('ops-loan-agreement').locator('iframe')).toBeVisible()
  await row.getByTestId('ops-loan-approve').click()
  await expect(row).toHaveCount(0)
  await ops.close()

  // Credited: the user's screen follows the socket's balance_update, without a reload.
  const active = page.getByRole('region', { name: /^Loan #/ }).first()
  await expect(active.getByTestId('loan-status')).toHaveText('Active')
  await expect(active.getByTestId('loan-owed')).toHaveText('1,003.50 USDT')
  // The interest is the borrower's to bring.
  await post(page, '/test/liveFunds', { amount: '3.50', currency: 'USDT' })
  await active.getByTestId('loan-repay-full').click()
  await expect(page.getByRole('region', { name: /^Loan #/ }).first().getByTestId('loan-status')).toHaveText('Repaid')
})
