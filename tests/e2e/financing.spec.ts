// Financing end to end in real Chromium: an operator defines two fixed-term products in the console beside the Smart
// plans and funds the demo reserve; a user on the demo book reaches Financing from /smart, sees the annual rate and
// what it is for the term, and every amount (the term's interest, what comes back at maturity and on early redemption
// today) before Continue and again on the confirm sheet, buys, redeems early and gets back exactly the amount the
// redemption sheet showed. A product the reserve cannot cover says "Sold out" and the server refuses it (409).
import { randomBytes, randomUUID } from 'node:crypto'
import { expect, test } from '@playwright/test'
import { token } from './fixtures/app.ts'
import { FINANCING_FORM, accessible, defineOffer, expectFigures, expectSoldOut, expectUsdt, newUserAt, operatorSetUp } from './fixtures/earn.ts'

test('buy financing on the demo book, see every number, redeem early for exactly the disclosed amount; a sold-out product refuses', async ({ page }) => {
  const tag = randomBytes(3).toString('hex')
  const fixed = `Fixed ${tag}`
  const greedy = `Greedy ${tag}`

  // The operator: 10 days at 7.3 % a year with 2 % early-redemption damages, and one whose interest (100 % a year for
  // ten years on 9 000) no demo funding of the test run covers; then 1 000 USDT into the demo reserve.
  await operatorSetUp(page, '1000', async (ops) => {
    await defineOffer(ops, FINANCING_FORM, { name: fixed, otherNames: `de_DE = Fest ${tag}`, days: '10', minAmount: '100', maxAmount: '1000', annualRate: '0.073', earlyShare: '0.02' })
    await defineOffer(ops, FINANCING_FORM, { name: greedy, days: '3650', minAmount: '9000', maxAmount: '9000', annualRate: '1', earlyShare: '0' })
  })

  await newUserAt(page, '/smart')
  await page.getByTestId('earn-financing-link').click()
  await expect(page).toHaveURL(/\/smart\/financing$/)
  const screen = page.getByTestId('fin-screen')
  await expect(screen.getByTestId('fin-book')).toHaveText('Demo')

  // The sold-out product cannot be bought, and the server says so too.
  await expectSoldOut(screen.getByTestId('fin-products'), 'fin', greedy)
  const auth = { authorization: `Bearer ${await token(page)}` }
  const listed = (await (await page.request.get('/api/getFinancing', { headers: auth })).json()) as {
    data: { products: { id: string; names: { en_US: string; de_DE?: string } }[] }
  }
  expect(listed.data.products.find((p) => p.names.en_US === fixed)?.names.de_DE).toBe(`Fest ${tag}`)
  const greedyId = listed.data.products.find((p) => p.names.en_US === greedy)!.id
  const refused = await page.request.post('/api/createFinancingOrder', { headers: { ...auth, 'idempotency-key': randomUUID() }, data: { productId: greedyId, amount: '9000' } })
  expect(refused.status()).toBe(409)
  expect(((await refused.json()) as { msg: string }).msg).toMatch(/^Sold out/)

  // The terms as the user gets them: the annual rate and what it is for the term, the early-redemption terms.
  const product = screen.getByTestId('fin-products').locator('li').filter({ hasText: fixed })
  await expect(product.getByTestId('fin-rate')).toHaveText('7.30% a year (0.20% for the term)')
  await expect(product.getByTestId('fin-early-terms')).toHaveText('2.00% of the amount; interest of the days run paid')

  // Buying: an empty amount and one out of range are refused; then every number before Continue and on the confirm sheet.
  await product.getByTestId('fin-buy').click()
  const sheet = page.getByTestId('fin-buy-sheet')
  await sheet.getByTestId('fin-continue').click()
  await expect(sheet).toContainText('Enter an amount')
  await sheet.getByTestId('fin-amount').fill('5000')
  await expect(sheet).toContainText('Enter an amount from 100.00 to 1,000.00 USDT')
  await sheet.getByTestId('fin-amount').fill('1000')
  const figures = { 'fin-interest': '2.00 USDT', 'fin-total': '1,002.00 USDT', 'fin-early-back': '980.00 USDT' }
  await expectFigures(sheet, figures)
  await accessible(page)
  await sheet.getByTestId('fin-continue').click()
  const confirm = page.getByTestId('fin-confirm')
  await expectFigures(confirm, { 'fin-confirm-amount': '1,000.00 USDT', 'fin-rate': '7.30% a year (0.20% for the term)', ...figures })
  await confirm.getByTestId('fin-confirm-button').click()
  const mine = screen.getByTestId('fin-mine').locator('li').filter({ hasText: fixed })
  await expect(mine.getByTestId('fin-status')).toHaveText('Running')
  await expect(mine.getByTestId('fin-mine-total')).toHaveText('1,002.00 USDT')
  await expect(mine.getByTestId('fin-mine-early')).toHaveText('980.00 USDT')
  await accessible(page)

  // Early redemption: the sheet says what comes back, and exactly that comes back.
  await mine.getByTestId('fin-redeem').click()
  const redeem = page.getByTestId('fin-redeem-confirm')
  await expect(redeem.getByTestId('fin-redeem-back')).toHaveText('980.00 USDT')
  await accessible(page)
  await redeem.getByTestId('fin-redeem-confirm-button').click()
  await expect(mine.getByTestId('fin-status')).toHaveText('Redeemed early')
  await expect(mine.getByTestId('fin-returned')).toHaveText('980.00 USDT')
  // 10 000 demo funds − 1 000 + 980 back.
  await expectUsdt(page, '9980')
})
