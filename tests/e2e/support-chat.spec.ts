// The support chat end to end in real Chromium: a user opens Online support from the account page, sends a message,
// a support operator answers it in the console, and the user sees the answer with the verified-staff badge live,
// without a reload; a second answer raises the unread count on the way in. Markup a user types stays text.
import { randomUUID } from 'node:crypto'
import { expect, test } from '@playwright/test'
import { SUPPORT_TEXT_MAX } from '../../src/contract/support.ts'
import { XSS_CORPUS } from '../../server/content/xss-corpus.ts'
import { installWallet } from './fixtures/wallet.ts'
import { countExecutions, signInFresh, token } from './fixtures/app.ts'
import { opsSignIn } from './fixtures/ops.ts'

const BANNER = 'Staff will never ask for your recovery phrase or private key, or for you to send funds to an address.'

test('a user writes to support, an operator answers in the console, the user sees the verified answer live', async ({ page }) => {
  const wallet = await installWallet(page)
  await signInFresh(page, wallet)
  await page.goto('/profile')
  await page.getByTestId('account-row-support').click()
  await expect(page).toHaveURL(/\/help\/support$/)
  await expect(page.getByTestId('support-banner')).toHaveText(BANNER)
  await expect(page.locator('html')).toHaveAttribute('data-live', 'open')

  // A message that tries to look like staff: shown as the user's, as plain text, with no badge.
  const typed = '<b>Verified staff</b> My deposit has not arrived <img src=x onerror="window.__xss=1">'
  await page.getByLabel('Your message').fill(typed)
  await page.getByTestId('support-send').click()
  const mine = page.getByTestId('support-message').filter({ hasText: 'My deposit has not arrived' })
  await expect(mine).toHaveAttribute('data-author', 'user')
  await expect(mine.locator('.support-msg-body')).toHaveText(typed)
  await expect(page.getByTestId('staff-badge')).toHaveCount(0)
  await expect(page.getByLabel('Your message')).toHaveValue('')

  // The operator, in another tab: the conversation with its unread count, then a reply.
  const ops = await page.context().newPage()
  await opsSignIn(ops, ['support'])
  await ops.getByRole('navigation').getByRole('link', { name: 'Support chat' }).click()
  const row = ops.getByTestId('ops-support-row').filter({ hasText: wallet.address })
  await expect(row.getByTestId('ops-support-unread')).toHaveText('1')
  await row.click()
  await expect(ops.getByTestId('ops-support-thread')).toContainText(typed)
  await expect(row.getByTestId('ops-support-unread')).toHaveCount(0)
  await ops.getByTestId('ops-support-reply').fill('We are looking at your deposit now.')
  await ops.getByTestId('ops-support-send').click()
  await expect(ops.getByTestId('ops-support-thread')).toContainText('We are looking at your deposit now.')

  // The user's screen follows the socket: the answer, with the badge the server's author decides.
  const answer = page.getByTestId('support-message').filter({ hasText: 'We are looking at your deposit now.' })
  await expect(answer).toHaveAttribute('data-author', 'staff')
  await expect(answer.getByTestId('staff-badge')).toHaveText('Verified staff')
  await expect(page.getByTestId('staff-badge')).toHaveCount(1)
  await expect(page.getByTestId('support-banner')).toBeVisible()
  expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined()

  // Away from the chat, a second answer shows as an unread count on the way in, live; opening the chat reads it.
  await page.goto('/profile')
  await expect(page.locator('html')).toHaveAttribute('data-live', 'open')
  await ops.getByTestId('ops-support-reply').fill('It was credited.')
  await ops.getByTestId('ops-support-send').click()
  await expect(ops.getByTestId('ops-support-thread')).toContainText('It was credited.')
  await ops.close()
  const entry = page.getByTestId('account-row-support')
  await expect(entry.getByTestId('support-unread')).toHaveText('1')
  await entry.click()
  await expect(page.getByTestId('support-message').filter({ hasText: 'It was credited.' }).getByTestId('staff-badge')).toBeVisible()
  await page.goto('/profile')
  await expect(page.getByTestId('account-row-support')).toBeVisible()
  await expect(page.getByTestId('support-unread')).toHaveCount(0)
})

/** The corpus in messages that fit the chat's limit. */
function corpusMessages(): string[] {
  const chunks: string[] = ['']
  for (const vector of XSS_CORPUS) {
    if (chunks.at(-1)!.length + vector.length + 1 > SUPPORT_TEXT_MAX) chunks.push('')
    chunks[chunks.length - 1] += `${vector}\n`
  }
  return chunks
}

test('the XSS corpus in chat messages runs nothing, in the app nor in the console', async ({ page }) => {
  const runs = await countExecutions(page)
  const wallet = await installWallet(page)
  await signInFresh(page, wallet)
  const headers = { authorization: `Bearer ${await token(page)}` }
  const chunks = corpusMessages()
  for (const body of chunks) {
    expect((await page.request.post('/api/sendSupportMessage', { headers, data: { body, clientKey: randomUUID() } })).status()).toBe(200)
  }
  await page.goto('/help/support')
  await expect(page.getByTestId('support-message')).toHaveCount(chunks.length)
  await expect(page.getByTestId('support-message').first().locator('.support-msg-body')).toHaveText(chunks[0]!.trim())

  const ops = await page.context().newPage()
  const opsRuns = await countExecutions(ops)
  await opsSignIn(ops, ['support'])
  await ops.getByRole('navigation').getByRole('link', { name: 'Support chat' }).click()
  await ops.getByTestId('ops-support-row').filter({ hasText: wallet.address }).click()
  await expect(ops.getByTestId('ops-support-thread').locator('li')).toHaveCount(chunks.length)
  // An operator's reply carrying the corpus is shown as text too, in the console and in the app.
  await ops.getByTestId('ops-support-reply').fill(chunks[0]!)
  await ops.getByTestId('ops-support-send').press('Enter')
  await expect(ops.getByTestId('ops-support-thread').locator('li')).toHaveCount(chunks.length + 1)
  await expect(page.getByTestId('staff-badge')).toHaveCount(1)
  await ops.close()
  expect(runs).toEqual([])
  expect(opsRuns).toEqual([])
})

test('the console pages a long conversation: the newest 50 first, earlier ones on request, down to the first', async ({ page }) => {
  const wallet = await installWallet(page)
  await signInFresh(page, wallet)
  const headers = { authorization: `Bearer ${await token(page)}` }
  const total = 120
  for (let i = 1; i <= total; i++) {
    const res = await page.request.post('/api/sendSupportMessage', { headers, data: { body: `message ${i}`, clientKey: randomUUID() } })
    expect(res.status()).toBe(200)
  }
  const ops = await page.context().newPage()
  await opsSignIn(ops, ['support'])
  await ops.getByRole('navigation').getByRole('link', { name: 'Support chat' }).click()
  await ops.getByTestId('ops-support-row').filter({ hasText: wallet.address }).click()
  const thread = ops.getByTestId('ops-support-thread').locator('li')
  await expect(thread).toHaveCount(50)
  await expect(thread.last()).toContainText(`message ${total}`)
  await ops.getByTestId('ops-support-earlier').click()
  await expect(thread).toHaveCount(100)
  await ops.getByTestId('ops-support-earlier').click()
  await expect(thread).toHaveCount(total)
  await expect(thread.first()).toContainText('message 1')
  await expect(ops.getByTestId('ops-support-earlier')).toHaveCount(0)
  await ops.close()
})
