// "Continue with Google" against the local OpenID provider that serve.ts starts: the user signs in on the
// provider's own page and lands home signed in; a wallet user links Google and then signs in with it to the same
// account. Facebook is not configured there, so its button never shows.
import { randomUUID } from 'node:crypto'
import { expect, test, type Page } from '@playwright/test'
import { TEST_ACCOUNT } from '../../server/test/oidc-provider.ts'
import { signInFresh, skipIntro, token } from './fixtures/app.ts'
import { installWallet } from './fixtures/wallet.ts'

/** On the provider's page (another origin): its form, as the person would fill it. */
async function signInAtProvider(page: Page, email: string) {
  await expect(page.getByRole('heading', { name: 'Test provider sign-in' })).toBeVisible()
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Password').fill(TEST_ACCOUNT.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

const accountId = (page: Page) => page.evaluate(() => (JSON.parse(localStorage.getItem('keelson.session') ?? '{}') as { userId?: string }).userId)

test('Continue with Google: sign in on the provider page, land home signed in, and reach the same account next time', async ({ page }) => {
  const email = `google.${randomUUID()}@provider.test`
  await page.goto('/pass/login')
  await skipIntro(page)
  await expect(page.getByRole('button', { name: 'Continue with Facebook' })).toHaveCount(0)
  await page.getByRole('button', { name: 'Continue with Google' }).click()
  await signInAtProvider(page, email)
  await expect(page).toHaveURL(/\/home$/)
  await expect(page.getByTestId('signed-in')).toBeVisible()
  const first = await token(page)
  expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/)
  const id = await accountId(page)

  await page.goto('/profile')
  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect.poll(() => token(page)).toBeNull()
  await page.goto('/pass/login')
  await page.getByRole('button', { name: 'Continue with Google' }).click()
  // The provider remembers the person (its own session) and sends them straight back.
  await expect(page).toHaveURL(/\/home$/)
  await expect(page.getByTestId('signed-in')).toBeVisible()
  expect(await token(page)).not.toBe(first)
  expect(await accountId(page)).toBe(id)
})

test('a refused return from the provider says so in words on the sign-in page', async ({ page }) => {
  await page.goto('/api/oidc/google/callback?code=forged&state=forged-state-0123456789')
  await skipIntro(page)
  await expect(page).toHaveURL(/\/pass\/login/)
  await expect(page.getByTestId('sign-in-problem')).toHaveText('Signing in with the provider did not work. Please start again.')
  expect(await token(page)).toBeNull()
})

test('a wallet user links Google on the password page, then signs in with Google to the same account', async ({ page }) => {
  const wallet = await installWallet(page)
  await signInFresh(page, wallet)
  const walletAccount = await accountId(page)
  await page.goto('/profile/password')
  await page.getByRole('button', { name: 'Link Google' }).click()
  const email = `linked.${randomUUID()}@provider.test`
  await signInAtProvider(page, email)
  await expect(page).toHaveURL(/\/profile\/password\?linked=google$/)
  await expect(page.getByTestId('linked-google')).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: 'Linked. You can now sign in with it.' })).toBeVisible()

  await page.goto('/profile')
  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect.poll(() => token(page)).toBeNull()
  await page.goto('/pass/login')
  await page.getByRole('button', { name: 'Continue with Google' }).click()
  await expect(page).toHaveURL(/\/home$/)
  await expect(page.getByTestId('signed-in')).toBeVisible()
  expect(await accountId(page)).toBe(walletAccount)
})

test('linking a Google account that already has its own Keelson account is refused in words, and links nothing', async ({ browser, page }) => {
  // Someone signs up with Google in another browser.
  const email = `taken.${randomUUID()}@provider.test`
  const other = await browser.newPage()
  await other.goto('/pass/login')
  await skipIntro(other)
  await other.getByRole('button', { name: 'Continue with Google' }).click()
  await signInAtProvider(other, email)
  await expect(other.getByTestId('signed-in')).toBeVisible()
  await other.close()

  // A wallet user tries to link that same Google account to theirs.
  const wallet = await installWallet(page)
  await signInFresh(page, wallet)
  await page.goto('/profile/password')
  await page.getByRole('button', { name: 'Link Google' }).click()
  await signInAtProvider(page, email)
  await expect(page).toHaveURL(/\/profile\/password\?linkError=taken$/)
  await expect(page.getByTestId('link-problem')).toHaveText('That account already signs in to another Keelson account, so it was not linked.')
  await expect(page.getByTestId('linked-google')).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Link Google' })).toBeVisible()
})
