import { expect, test, type Page } from '@playwright/test'
import { installWallet } from './fixtures/wallet.ts'
import { isDesktop, signInFresh, token, userEventsLive } from './fixtures/app.ts'

/** The Account tab's unread badge: in the bottom tabs on mobile, in the top nav on desktop. */
const unreadBadge = (page: Page) =>
  page.locator(isDesktop(page) ? '.top-nav' : '.bottom-tabs').getByTestId('unread-badge')

test('invite: code, QR, copy; a friend signing in through the link is counted', async ({ browser, page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL })
  const wallet = await installWallet(page)
  await signInFresh(page, wallet)
  await page.goto('/profile/invite')
  const code = page.getByTestId('invite-code')
  await expect(code).toHaveText(/^[A-HJ-KM-NP-Z2-9]{8}$/)
  const inviteCode = (await code.textContent())!
  const link = page.getByTestId('invite-link')
  await expect(link).toHaveText(`${baseURL}/?invite=${inviteCode}`)
  await expect(page.getByRole('img', { name: 'QR code of your invite link' })).toBeVisible()
  await expect(page.getByTestId('invited-count')).toHaveText('0')

  await page.getByRole('button', { name: 'Copy', exact: true }).click()
  await expect(page.getByText('Copy successful!')).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/?invite=${inviteCode}`)

  // A friend opens the link in a browser of their own and signs in for the first time.
  const friendContext = await browser.newContext({ viewport: page.viewportSize(), baseURL })
  const friend = await friendContext.newPage()
  const friendWallet = await installWallet(friend)
  await friend.goto(`/?invite=${inviteCode}`)
  await friend.getByRole('button', { name: 'Continue', exact: true }).click()
  await friend.getByRole('button', { name: 'Test Wallet' }).click()
  await expect(friend.getByTestId('signed-in')).toBeVisible()
  expect((await friendContext.cookies()).find((c) => c.name === 'invitecode')?.value).toBe(inviteCode)
  // Their own code is not theirs to apply, and they already have an inviter.
  await friend.goto('/profile/invite')
  await friend.getByLabel("Inviter's code").fill(inviteCode)
  await friend.getByRole('button', { name: 'Apply' }).click()
  await expect(friend.getByRole('alert')).toHaveText('Your account already has an inviter')
  expect(friendWallet.calls).toContain('personal_sign')
  await friendContext.close()

  await page.reload()
  await expect(page.getByTestId('invited-count')).toHaveText('1')
})

test('notifications: a pushed message raises the unread badge live, shows in the list and is marked read', async ({ page, request }) => {
  const wallet = await installWallet(page)
  await signInFresh(page, wallet)
  // A new account starts with the welcome message.
  await expect(unreadBadge(page)).toHaveText('1')

  await page.goto('/profile/notifications')
  await expect(page.getByTestId('message')).toHaveCount(1)
  await expect(page.getByText('Welcome aboard')).toBeVisible()
  await expect(page.getByText('No more data')).toBeVisible()
  await userEventsLive(page)

  const sent = await request.post('/api/test/sendMessage', {
    headers: { Authorization: (await token(page))! },
    data: { title: 'Order filled', body: 'Your EURUSD order was filled.' },
  })
  expect(sent.status()).toBe(200)
  // No reload: the socket's new_message refreshes the count and the list.
  await expect(unreadBadge(page)).toHaveText('2')
  const pushed = page.getByTestId('message').filter({ hasText: 'Order filled' })
  await expect(pushed).toHaveAttribute('data-unread', 'true')
  await expect(page.getByTestId('message').first()).toContainText('Order filled')

  await pushed.getByRole('button', { name: 'Mark as read' }).click()
  await expect(pushed).toHaveAttribute('data-unread', 'false')
  await expect(unreadBadge(page)).toHaveText('1')

  await page.getByRole('button', { name: 'Mark all as read' }).click()
  await expect(page.locator('[data-testid="message"][data-unread="true"]')).toHaveCount(0)
  await expect(unreadBadge(page)).toHaveCount(0)
})

test('notifications: paging ends with "No more data"', async ({ page, request }) => {
  const wallet = await installWallet(page)
  await signInFresh(page, wallet)
  const headers = { Authorization: (await token(page))! }
  for (let n = 1; n <= 10; n++) {
    expect((await request.post('/api/test/sendMessage', { headers, data: { title: `Note ${n}`, body: 'x' } })).status()).toBe(200)
  }
  await page.goto('/profile/notifications')
  await expect(page.getByTestId('message')).toHaveCount(10)
  await expect(page.getByText('No more data')).toHaveCount(0)
  await page.getByRole('button', { name: 'Load more' }).click()
  await expect(page.getByTestId('message')).toHaveCount(11)
  await expect(page.getByText('No more data')).toBeVisible()
})
