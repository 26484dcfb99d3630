// E-mail and password: register with a code from the mail outbox, sign out and in, recover the password, and the
// form messages in the product's own words. No wallet is installed: an e-mail user needs none.
import { randomUUID } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { signInFresh, skipIntro, token } from './fixtures/app.ts'
import { installWallet } from './fixtures/wallet.ts'

const PORT = process.env.E2E_PORT ?? '8190'

/** The newest mail the e2e server wrote to its outbox for this address (serve.ts names the data folder). */
function newestMail(email: string): { id: string; text: string } | null {
  const dataDir = readFileSync(join(tmpdir(), `keelson-e2e-data-dir-${PORT}.txt`), 'utf8').trim()
  const dir = join(dataDir, 'outbox')
  let names: string[] = []
  try {
    names = readdirSync(dir).sort().reverse()
  } catch {
    return null
  }
  for (const name of names) {
    let mail: { id: string; to: string; text: string }
    try {
      mail = JSON.parse(readFileSync(join(dir, name), 'utf8')) as typeof mail
    } catch {
      continue // the server is still writing this mail; the next poll reads it whole
    }
    if (mail.to === email) return mail
  }
  return null
}

/** Presses "Send code" and reads the code from the mail that arrives (a new one, not an earlier mail). */
async function sendAndReadCode(page: Page, email: string): Promise<string> {
  const before = newestMail(email)?.id
  await page.getByRole('button', { name: 'Send code' }).click()
  await expect(page.getByRole('button', { name: /Send again in \d+ s/ })).toBeDisabled()
  // The code is in the mail, not on the screen: the screen says where to look.
  await expect(page.getByRole('status').filter({ hasText: 'Check your e-mail for the code.' })).toBeVisible()
  await expect.poll(() => newestMail(email)?.id ?? before).not.toBe(before)
  return newestMail(email)!.text.match(/\b(\d{6})\b/)![1]!
}

async function fillLogin(page: Page, email: string, password: string) {
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
}

test('register by e-mail with the mailed code, sign out and in, recover the password and sign in with it', async ({ page }) => {
  const email = `e2e.${randomUUID()}@example.com`
  await page.goto('/pass/register')
  await skipIntro(page)
  await page.getByLabel('E-mail').fill(email)
  const code = await sendAndReadCode(page, email)
  await page.getByLabel('Verification code').fill(code)
  await page.getByLabel('Password', { exact: true }).fill('first secret 1')
  await page.getByLabel('Confirm password').fill('first secret 1')
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByTestId('signed-in')).toBeVisible()
  await expect(page).toHaveURL(/\/$/)

  // Signed in without any wallet; the account shows the e-mail.
  await page.goto('/profile')
  await expect(page.getByTestId('account-email')).toHaveText(email)
  await page.getByRole('button', { name: 'Sign out' }).click()
  // Signed out onto the home page, not the wallet prompt: this user has no wallet.
  await expect(page).toHaveURL(/\/$/)
  await expect.poll(() => token(page)).toBeNull()

  await page.goto('/pass/login')
  await fillLogin(page, email, 'first secret 1')
  await expect(page.getByTestId('signed-in')).toBeVisible()
  await page.goto('/profile')
  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page).toHaveURL(/\/$/)

  // Recovery through the outbox.
  await page.goto('/pass/login')
  await page.getByRole('link', { name: 'Forgot password?' }).click()
  await expect(page).toHaveURL(/\/pass\/recover$/)
  await page.getByLabel('E-mail').fill(email)
  const resetCode = await sendAndReadCode(page, email)
  await page.getByLabel('Verification code').fill(resetCode)
  await page.getByLabel('New password').fill('second secret 2')
  await page.getByLabel('Confirm password').fill('second secret 2')
  await page.getByRole('button', { name: 'Set new password' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Your password was changed. Sign in with the new one.' })).toBeVisible()

  await fillLogin(page, email, 'first secret 1')
  await expect(page.getByRole('alert').filter({ hasText: 'wrong e-mail or password' })).toBeVisible()
  await fillLogin(page, email, 'second secret 2')
  await expect(page.getByTestId('signed-in')).toBeVisible()
  expect(await token(page)).toMatch(/^[A-Za-z0-9_-]{43}$/)
})

test('the forms show the product messages under the fields and send nothing', async ({ page }) => {
  const sent: string[] = []
  page.on('request', (r) => {
    if (/\/api\/(login|register|resetUserPwd|resetPwdCallBack|getEmailCode)/.test(r.url())) sent.push(r.url())
  })
  await page.goto('/pass/login')
  await skipIntro(page)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page.getByText('enter email', { exact: true })).toBeVisible()
  await expect(page.getByText('enter password', { exact: true })).toBeVisible()
  await page.getByLabel('E-mail').fill('not-an-email')
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page.getByText('email format incorrect', { exact: true })).toBeVisible()
  await expect(page.getByLabel('E-mail')).toHaveAttribute('aria-invalid', 'true')

  await page.getByRole('link', { name: 'Create an account' }).click()
  await page.getByRole('button', { name: 'Send code' }).click()
  await expect(page.getByText('enter email', { exact: true })).toBeVisible()
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByText('enter the verification code', { exact: true })).toBeVisible()
  await expect(page.getByText('enter password', { exact: true })).toBeVisible()
  await expect(page.getByText('confirm password', { exact: true })).toBeVisible()
  await page.getByLabel('Password', { exact: true }).fill('long enough 1')
  await page.getByLabel('Confirm password').fill('something else')
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByText('inconsistent password input', { exact: true })).toBeVisible()
  expect(sent).toEqual([])
})

test('a wallet account opening the change-password page learns it has no password, with no form to fail', async ({ page }) => {
  const wallet = await installWallet(page)
  await signInFresh(page, wallet)
  await page.goto('/changepwd')
  await expect(page.getByText('Your account signs in with your wallet; it has no password.')).toBeVisible()
  await expect(page.getByLabel('Current password')).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Change password' })).toHaveCount(0)
})
