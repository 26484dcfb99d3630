// Charity NFT auctions end to end in real Chromium: a support operator lists a charity and an item in the console
// (picture uploaded, end a minute away), two users with live money bid, the first is outbid and sees the held amount
// back in their available funds at once (the socket's balance_update, no reload), the auction ends by its time, and
// the charity's total, the sum of its ledger account's entries, rises by exactly the winning bid.
// The e2e server runs without anti-sniping (tests/e2e/serve.ts), so a bid does not move the end.
import { randomBytes, randomUUID } from 'node:crypto'
import { expect, test, type Page } from '@playwright/test'
import { plainPng } from '../../server/modules/uploads/test-files.ts'
import { signInFresh, token, userEventsLive } from './fixtures/app.ts'
import { opsSignIn } from './fixtures/ops.ts'
import { installWallet } from './fixtures/wallet.ts'

test.describe.configure({ timeout: 180_000 })

/** Live money through the e2e server's hook, as a deposit would credit it. */
async function fundLive(page: Page, amount: string) {
  const headers = { authorization: `Bearer ${await token(page)}`, 'idempotency-key': randomUUID() }
  expect((await page.request.post('/api/test/liveFunds', { headers, data: { amount, currency: 'USDT' } })).status()).toBe(200)
}

const pad = (n: number) => String(n).padStart(2, '0')
const localText = (ms: number) => {
  const d = new Date(ms)
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`
}

async function bid(page: Page, amount: string) {
  await page.getByTestId('nft-bid').click()
  await page.getByTestId('nft-bid-amount').fill(amount)
  // What the bid will hold, before it is sent.
  await expect(page.getByTestId('nft-bid-hold')).toHaveText(`${amount}.00 USDT`)
  await page.getByTestId('nft-bid-confirm').click()
  await expect(page.getByTestId('nft-held')).toHaveText(`${amount}.00 USDT`)
}

test('two users bid, the outbid one gets the funds back at once, and the end pays the charity the winning bid', async ({ page, browser, baseURL }) => {
  const suffix = randomBytes(3).toString('hex')
  const charityName = `Harbour Kids ${suffix}`
  const title = `Harbour at dawn ${suffix}`

  // Two bidders with live money, each in a browser of their own.
  await signInFresh(page, await installWallet(page))
  await fundLive(page, '500')
  const rivalContext = await browser.newContext({ viewport: page.viewportSize(), baseURL })
  const rival = await rivalContext.newPage()
  await signInFresh(rival, await installWallet(rival))
  await fundLive(rival, '500')

  // The operator lists the charity and the item, ending a minute from now.
  const ops = await page.context().newPage()
  await opsSignIn(ops, ['support'])
  await ops.getByRole('navigation').getByRole('link', { name: 'NFT auctions' }).click()
  await ops.getByTestId('ops-charity-name').fill(charityName)
  await ops.getByTestId('ops-charity-description').fill('Books and meals for the children of the harbour school.')
  await ops.getByTestId('ops-charity-save').click()
  await expect(ops.getByTestId('ops-charity').filter({ hasText: charityName })).toContainText('0.00 USDT')
  await ops.getByRole('button', { name: 'New item' }).click()
  const form = ops.getByTestId('ops-nft-form')
  await form.getByTestId('ops-nft-charity').selectOption({ label: charityName })
  await form.getByTestId('ops-nft-file').setInputFiles({ name: 'harbour.png', mimeType: 'image/png', buffer: await plainPng(64, 64) })
  await expect(form.getByRole('img')).toBeVisible()
  await form.getByTestId('ops-nft-title').fill(title)
  await form.getByTestId('ops-nft-story').fill('Painted by the children of the harbour school.')
  await form.getByTestId('ops-nft-creator').fill('Harbour School')
  await form.getByTestId('ops-nft-reserve').fill('100')
  await form.getByTestId('ops-nft-step').fill('10')
  await form.getByTestId('ops-nft-ends').fill(localText(Date.now() + 60_000))
  await form.getByTestId('ops-nft-save').click()
  await expect(ops.getByTestId('ops-nft-item').filter({ hasText: title })).toContainText('Open')
  await ops.close()

  // The first bidder finds it in the list and bids the reserve.
  await page.goto('/nfts')
  await page.getByTestId('nft-card').filter({ hasText: title }).getByRole('link').click()
  await expect(page.getByTestId('nft-charity-total')).toHaveText('0.00 USDT')
  await expect(page.getByTestId('nft-available')).toHaveText('500.00 USDT')
  await userEventsLive(page)
  await bid(page, '100')
  await expect(page.getByTestId('nft-available')).toHaveText('400.00 USDT')

  // The rival bids more; the first bidder's 100 is released at once, without a reload.
  await rival.goto(page.url().replace(/^https?:\/\/[^/]+/, ''))
  await expect(rival.getByTestId('nft-current-bid')).toHaveText('100.00 USDT')
  await bid(rival, '150')
  await expect(page.getByTestId('nft-available')).toHaveText('500.00 USDT')
  await expect(page.getByTestId('nft-held')).toHaveText('0.00 USDT')
  await expect(page.getByTestId('nft-current-bid')).toHaveText('150.00 USDT')

  // The end: the leader's job settles it; the charity has exactly the winning bid, the rival owns the item.
  await expect(page.getByTestId('nft-status')).toHaveText('Sold', { timeout: 90_000 })
  await expect(page.getByTestId('nft-charity-total')).toHaveText('150.00 USDT')
  await expect(page.getByTestId('nft-owner')).not.toBeEmpty()
  await page.getByTestId('nft-charity-link').click()
  await expect(page.getByTestId('charity-total')).toHaveText('150.00 USDT')
  await expect(page.getByTestId('charity-donation')).toHaveCount(1)
  await expect(page.getByTestId('charity-donation')).toContainText(title)
  await expect(page.getByTestId('charity-donation')).toContainText('150.00 USDT')
  await rival.goto(rival.url().replace(/^https?:\/\/[^/]+/, ''))
  await expect(rival.getByTestId('nft-my-bid')).toHaveText('You won this auction.')
  await rivalContext.close()
})
