import { readFileSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { installWallet } from './fixtures/wallet.ts'
import { signInFresh } from './fixtures/app.ts'

/** The translation the catalog holds for an English source string. */
function translated(bcp47: string, source: string): string {
  const po = readFileSync(`locales/${bcp47}/messages.po`, 'utf8')
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
  await expect(page.getByRole('heading', { name: 'Live prices' })).toBeVisible()

  await switchTo(page, 'de_DE', 'de-DE')
  await expect(page.getByRole('heading', { name: translated('de-DE', 'Live prices') })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE')

  await switchTo(page, 'jp_JP', 'ja-JP')
  await expect(page.getByRole('heading', { name: translated('ja-JP', 'Live prices') })).toBeVisible()
  await page.reload()
  await expect(page.getByRole('heading', { name: translated('ja-JP', 'Live prices') })).toBeVisible()
})
