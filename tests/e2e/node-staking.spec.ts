// Node staking end to end in real Chromium: an operator defines two activities in the console and funds the demo
// reserve; a user on the demo book reads what staking is here (no claim about nodes), adds an amount (not reached),
// adds more (reached), applies for activation (application successful), receives the bonus, sees a day's reward after
// the earn clock moves on a day (the test hook, E2E_TEST_HOOKS), and withdraws exactly the amount the sheet showed.
// The console's due-by-date shows the activated pledge: on its last day its amount back and one more pledge ending.
// An activity the reserve cannot cover says "Sold out" and the server refuses it (409); an operator's statement about
// the nodes it runs shows, with its evidence link, only on the activity it was entered for.
import { randomBytes, randomUUID } from 'node:crypto'
import { expect, test } from '@playwright/test'
import type { MyPledgeActive } from '../../src/contract/staking.ts'
import { token } from './fixtures/app.ts'
import { STAKING_FORM, accessible, defineOffer, expectUsdt, newUserAt, operatorSetUp } from './fixtures/earn.ts'
import { opsSignIn } from './fixtures/ops.ts'

test('stake on the demo book: not reached, reached, apply, receive the bonus, a day\'s reward, withdraw the disclosed amount; sold out refuses', async ({ page }) => {
  const tag = randomBytes(3).toString('hex')
  const validator = `Validator ${tag}`
  const greedy = `Greedy ${tag}`

  // The other one states, with evidence, the nodes the operator runs: only there does the screen speak of nodes.
  const nodes = { text: 'We run 4 validators on the Example network', evidence: 'https://example.org/validators' }
  await operatorSetUp(page, '10000', async (ops) => {
    // 1 000 agreed, 10 bonus, 5 days at 0.2 % a day (2 USDT a day), 5 % kept on a withdrawal after activation.
    await defineOffer(ops, STAKING_FORM, { name: validator, agreedAmount: '1000', bonus: '10', days: '5', dailyRate: '0.002', exitShare: '0.05' })
    const terms = { agreedAmount: '1000', bonus: '100000000', days: '5', dailyRate: '0', exitShare: '0' }
    await defineOffer(ops, STAKING_FORM, { name: greedy, ...terms, nodeStatement: nodes.text, evidenceUrl: nodes.evidence })
  })

  await newUserAt(page, '/nodeStaking')
  const screen = page.getByTestId('staking-screen')
  await expect(screen.getByTestId('staking-book')).toHaveText('Demo')
  await expect(screen.getByTestId('staking-lead')).toContainText("rewarded from the operator's funded reserve at the disclosed rate")
  const card = screen.locator('[data-testid^=staking-activity-]').filter({ hasText: validator })
  await expect(card.getByTestId('staking-rate')).toHaveText('0.20% a day (73.00% a year)')
  await expect(card.getByTestId('staking-node-statement')).toHaveCount(0)

  // Sold out: no way to add, and the server refuses.
  const soldOut = screen.locator('[data-testid^=staking-activity-]').filter({ hasText: greedy })
  await expect(soldOut.getByTestId('staking-sold-out')).toBeVisible()
  await expect(soldOut.getByTestId('staking-node-statement')).toContainText(`The operator states: ${nodes.text}`)
  await expect(soldOut.getByTestId('staking-node-statement').getByRole('link', { name: 'Evidence' })).toHaveAttribute('href', nodes.evidence)
  await expect(soldOut.getByTestId('staking-add')).toHaveCount(0)
  const greedyId = (await soldOut.getAttribute('data-testid'))!.replace('staking-activity-', '')
  const auth = { authorization: `Bearer ${await token(page)}` }
  const refused = await page.request.post('/api/addAgreeMoney', { headers: { ...auth, 'idempotency-key': randomUUID() }, data: { activityId: greedyId, amount: '1000' } })
  expect(refused.status()).toBe(409)

  // Adding: an empty amount is refused; every number before and on the confirm sheet.
  await card.getByTestId('staking-add').click()
  const sheet = page.getByTestId('staking-add-sheet')
  await sheet.getByTestId('staking-continue').click()
  await expect(sheet).toContainText('Enter an amount to add')
  await sheet.getByTestId('staking-amount-input').fill('400')
  await expect(sheet.getByTestId('staking-daily')).toHaveText('0.80 USDT')
  await sheet.getByTestId('staking-continue').click()
  const confirm = page.getByTestId('staking-confirm')
  await expect(confirm.getByTestId('staking-confirm-amount')).toHaveText('400.00 USDT')
  await confirm.getByTestId('staking-confirm-button').click()
  await expect(card.getByTestId('staking-stage')).toHaveText('Not reached')
  await expect(card.getByTestId('staking-apply')).toHaveCount(0)

  await card.getByTestId('staking-add').click()
  await page.getByTestId('staking-amount-input').fill('600')
  // The whole pledge after adding: 1 000, 2 a day, 1 000 + 10 + 10 at the end, 950 on a withdrawal after activation.
  await expect(page.getByTestId('staking-figures').getByTestId('staking-new-amount')).toHaveText('1,000.00 USDT')
  await expect(page.getByTestId('staking-figures').getByTestId('staking-end-total')).toHaveText('1,020.00 USDT')
  await expect(page.getByTestId('staking-figures').getByTestId('staking-exit-back')).toHaveText('950.00 USDT')
  await accessible(page)
  await page.getByTestId('staking-continue').click()
  await expect(page.getByTestId('staking-confirm').getByTestId('staking-exit-back')).toHaveText('950.00 USDT')
  await page.getByTestId('staking-confirm-button').click()
  await expect(card.getByTestId('staking-stage')).toHaveText('Reached')

  await card.getByTestId('staking-apply').click()
  await expect(card.getByTestId('staking-stage')).toHaveText('Application successful')
  await card.getByTestId('staking-receive').click()
  await expect(card.getByTestId('staking-receive')).toHaveCount(0)
  await expect(card.getByTestId('staking-today')).toHaveText('0.00 USDT')
  await accessible(page)

  // The console's due-by-date counts the pledge: 2 a day, and on its last day the 1 000 back and the pledge ending
  // (at least: other tests' pledges on the same server may fall due the same day).
  const mine = (await (await page.request.get('/api/getMyPledgeActive', { headers: auth })).json()) as { data: MyPledgeActive }
  const endsAt = mine.data.list.find((a) => a.names.en_US === validator)!.pledge!.endsAt!
  const desk = await page.context().newPage()
  await opsSignIn(desk, ['admin'])
  await desk.getByRole('navigation').getByRole('link', { name: 'Smart plans and reserve' }).click()
  const lastDay = desk.getByTestId(`ops-earn-due-demo-USDT-${new Date(endsAt).toISOString().slice(0, 10)}`).getByRole('cell')
  await expect(lastDay).toHaveCount(5)
  const [principal, rewards, ending] = await Promise.all([2, 3, 4].map(async (i) => Number(await lastDay.nth(i).textContent())))
  expect({ principal: principal! >= 1000, rewards: rewards! >= 2, ending: ending! >= 1 }).toEqual({ principal: true, rewards: true, ending: true })
  await desk.close()

  // A day passes: the day's reward is credited once and the open screen shows it (balance_update).
  const advanced = await page.request.post('/api/test/earn/advance', { headers: auth, data: { days: 1 } })
  expect(advanced.status()).toBe(200)
  await expect(card.getByTestId('staking-today')).toHaveText('2.00 USDT')
  await expect(card.getByTestId('staking-total')).toHaveText('2.00 USDT')

  // Withdrawing: the sheet says what comes back, and exactly that comes back.
  await expect(card.getByTestId('staking-withdraw-amount')).toHaveText('950.00 USDT')
  await card.getByTestId('staking-withdraw').click()
  const withdraw = page.getByTestId('staking-withdraw-confirm')
  await expect(withdraw.getByTestId('staking-withdraw-back')).toHaveText('950.00 USDT')
  await withdraw.getByTestId('staking-withdraw-confirm-button').click()
  await expect(card.getByTestId('staking-stage')).toHaveText('Withdrawn')
  await expect(card.getByTestId('staking-returned')).toHaveText('950.00 USDT')
  // 10 000 demo funds − 1 000 + 10 bonus + 2 reward + 950 back.
  await expectUsdt(page, '9962')
})
