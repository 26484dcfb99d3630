import { readFileSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { installWallet } from './fixtures/wallet.ts'
import { signInFresh } from './fixtures/app.ts'

/** The translation the app's catalogs (messages.po, screens.po) hold for an English source string. */
function translated(bcp47: string, source: string): string {
  const po = ['messages', 'screens'].map((name) => readFileSync(`locales/${bcp47}/${name}.po`, 'utf8')).join('\n')
  const escaped = source.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const hit = po.match(new RegExp(`msgid "${escaped}"\\nmsgstr "(.+)"`))
  if (!hit?.[1]) throw new Error(`no ${bcp47} translation for ${source}`)
  return hit[1]
}

async function switchTo(page: Page, code: string, bcp47: string) {
  const sent = page.waitForRequest((r) => r.url().includes('/api/') && r.headers()['language'] === code)
  await page.goto('/profile/language')
  await page.locator('#language-select-account').selectOption(code)
  await expect(page.locator('html')).toHaveAttribute('lang', bcp47)
  await page.goto('/')
  await sent
}

test('switching to German and Japanese changes the interface and the Language header, and persists', async ({ page }) => {
  const wallet = await installWallet(page)
  await signInFresh(page, wallet)
  await expect(page.getByRole('heading', { name: 'Prices' })).toBeVisible()

  await switchTo(page, 'de_DE', 'de-DE')
  await expect(page.getByRole('heading', { name: translated('de-DE', 'Prices') })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE')

  await switchTo(page, 'jp_JP', 'ja-JP')
  await expect(page.getByRole('heading', { name: translated('ja-JP', 'Prices') })).toBeVisible()
  await page.reload()
  await expect(page.getByRole('heading', { name: translated('ja-JP', 'Prices') })).toBeVisible()
})

test.describe('a German browser', () => {
  test.use({ locale: 'de-DE' })

  test('gets German on the first visit; a choice made before sign-in wins from then on', async ({ page }) => {
    await page.goto('/')
    await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE')
    await expect(page.getByRole('heading', { name: translated('de-DE', 'Welcome to {platformName}').replace('{platformName}', 'Keelson') })).toBeVisible()
    // The globe on the intro board switches the language before anything else.
    await page.getByTestId('language-button').first().click()
    await page.getByTestId('language-jp_JP').click()
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja-JP')
    await expect(page.getByRole('heading', { name: translated('ja-JP', 'Welcome to {platformName}').replace('{platformName}', 'Keelson') })).toBeVisible()
    await page.reload()
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja-JP')
  })
})

test('every signed-out screen has a language switch', async ({ page }) => {
  await page.goto('/empty')
  await page.getByRole('button', { name: 'Skip' }).click()
  for (const path of ['/empty', '/sign', '/pass/login', '/pass/register', '/pass/recover', '/changepwd']) {
    await page.goto(path)
    await expect(page.getByTestId('language-button')).toBeVisible()
  }
  await page.goto('/pass/login')
  await page.getByTestId('language-button').click()
  await page.getByTestId('language-de_DE').click()
  await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE')
  await expect(page.getByRole('heading', { name: translated('de-DE', 'Sign in with e\u2011mail') })).toBeVisible()
})
