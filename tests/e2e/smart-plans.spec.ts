// Smart plans end to end in real Chromium: an operator defines a plan and funds the demo reserve in the console; a user
// on the demo book sees every number before buying and again on the confirm sheet, buys, sees a day's earnings after
// the plans' clock moves on a day (the test hook, E2E_TEST_HOOKS), leaves early and gets back exactly the amount the
// exit sheet showed. A plan the reserve cannot cover says "Sold out" and the server refuses it (409).
import { randomBytes, randomUUID } from 'node:crypto'
import { expect, test } from '@playwright/test'
import { token } from './fixtures/app.ts'
import { PLAN_FORM, accessible, defineOffer, expectFigures, expectSoldOut, expectUsdt, newUserAt, operatorSetUp } from './fixtures/earn.ts'

test('buy a plan on the demo book, earn a day, exit early for exactly the disclosed amount; a sold-out plan refuses', async ({ page }) => {
  const tag = randomBytes(3).toString('hex')
  const steady = `Steady ${tag}`
  const greedy = `Greedy ${tag}`

  // The operator: two plans, and 10 000 USDT into the demo reserve (the greedy plan would need 3.65 million).
  await operatorSetUp(page, '10000', async (ops) => {
    await defineOffer(ops, PLAN_FORM, { name: steady, otherNames: `de_DE = Stetig ${tag}`, days: '3', minAmount: '100', maxAmount: '1000', dailyRate: '0.012', exitShare: '0.1' })
    await defineOffer(ops, PLAN_FORM, { name: greedy, days: '3650', minAmount: '1000', maxAmount: '1000', dailyRate: '1', exitShare: '0' })
  })

  await newUserAt(page, '/smart')
  const screen = page.getByTestId('earn-screen')
  await expect(screen.getByTestId('earn-book')).toHaveText('Demo')

  // The sold-out plan cannot be bought, and the server says so too.
  await expectSoldOut(screen.getByTestId('earn-plans'), 'earn', greedy)
  const plans = (await (await page.request.get('/api/getSmartPlans', { headers: { authorization: `Bearer ${await token(page)}` } })).json()) as {
    data: { plans: { id: string; names: { en_US: string; de_DE?: string } }[] }
  }
  // The name per language the operator gave.
  expect(plans.data.plans.find((p) => p.names.en_US === steady)?.names.de_DE).toBe(`Stetig ${tag}`)
  const greedyId = plans.data.plans.find((p) => p.names.en_US === greedy)!.id
  const refused = await page.request.post('/api/keepProd', {
    headers: { authorization: `Bearer ${await token(page)}`, 'idempotency-key': randomUUID() },
    data: { planId: greedyId, amount: '1000' },
  })
  expect(refused.status()).toBe(409)

  // Buying: an empty amount is refused with the product's words; then every number before and on the confirm sheet.
  const plan = screen.getByTestId('earn-plans').locator('li').filter({ hasText: steady })
  await expect(plan).toContainText('1.20%')
  await plan.getByTestId('earn-buy').click()
  const sheet = page.getByTestId('earn-buy-sheet')
  await sheet.getByTestId('earn-continue').click()
  await expect(sheet).toContainText('enter Smart amount')
  await sheet.getByTestId('earn-amount').fill('1000')
  const figures = { 'earn-daily': '12.00 USDT', 'earn-total': '1,036.00 USDT', 'earn-exit-return': '900.00 USDT' }
  await expectFigures(sheet, figures)
  await accessible(page)
  await sheet.getByTestId('earn-continue').click()
  const confirm = page.getByTestId('earn-confirm')
  await expectFigures(confirm, { 'earn-confirm-amount': '1,000.00 USDT', ...figures })
  await confirm.getByTestId('earn-confirm-button').click()
  const mine = screen.getByTestId('earn-mine').locator('li').filter({ hasText: steady })
  await expect(mine.getByTestId('earn-status')).toHaveText('Running')
  await expect(mine.getByTestId('earn-today')).toHaveText('0.00 USDT')
  await accessible(page)

  // A day passes for the plans: the day's earnings are credited once, and the open screen shows them without a reload
  // (the accrual's balance_update).
  const advanced = await page.request.post('/api/test/earn/advance', { headers: { authorization: `Bearer ${await token(page)}` }, data: { days: 1 } })
  expect(advanced.status()).toBe(200)
  await expect(mine.getByTestId('earn-today')).toHaveText('12.00 USDT')
  await expect(mine.getByTestId('earn-revenue')).toHaveText('12.00 USDT')

  // Early exit: the sheet says what comes back, and exactly that comes back.
  await mine.getByTestId('earn-exit').click()
  const exit = page.getByTestId('earn-exit-confirm')
  await expect(exit.getByTestId('earn-exit-back')).toHaveText('900.00 USDT')
  await exit.getByTestId('earn-exit-confirm-button').click()
  await expect(mine.getByTestId('earn-status')).toHaveText('Early exit')
  await expect(mine.getByTestId('earn-returned')).toHaveText('900.00 USDT')
  // 10 000 demo funds − 1 000 + 12 earned + 900 back.
  await expectUsdt(page, '9912')
})
