// The later screens' messages are a catalog of their own (locales/<bcp47>/screens.po, lingui.config.ts), loaded with
// the first such screen. Opened directly, or switched to another language, such a screen shows its own language from
// its first paint: every text node the page ever showed is recorded, and neither the English source nor a message id
// may be among them.
import { readFileSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { generateMessageId } from '@lingui/message-utils/generateMessageId'
import { signInFresh } from './fixtures/app.ts'
import { installWallet } from './fixtures/wallet.ts'

/** The translation screens.po holds for an English source string. */
function screens(bcp47: string, source: string): string {
  const po = readFileSync(`locales/${bcp47}/screens.po`, 'utf8')
  const hit = po.match(new RegExp(`msgid "${source.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"\\nmsgstr "(.+)"`))
  if (!hit?.[1]) throw new Error(`no ${bcp47} translation for ${source} in screens.po`)
  return hit[1]
}

/** Records the text of every node added or changed from the first byte on, so a flash of English cannot hide. */
async function recordTexts(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = []
    ;(window as unknown as { seenTexts: string[] }).seenTexts = seen
    new MutationObserver((records) => {
      for (const r of records) {
        if (r.type === 'characterData') seen.push(r.target.textContent ?? '')
        for (const node of r.addedNodes) seen.push(node.textContent ?? '')
      }
    }).observe(document, { subtree: true, childList: true, characterData: true })
  })
}

/**
 * The later screens' catalog arrives a second late (the service worker is blocked so the page's own requests are
 * delayed): a screen that rendered before its catalog was there would show message ids meanwhile.
 */
async function slowScreensCatalog(page: Page) {
  await page.route(/\/assets\/screens-[^/]*\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000))
    await route.continue()
  })
}

test.use({ serviceWorkers: 'block' })

const seenTexts = (page: Page) => page.evaluate(() => (window as unknown as { seenTexts: string[] }).seenTexts.join('\n'))

test.describe('a German browser', () => {
  test.use({ locale: 'de-DE' })

  test('opening a later screen directly shows it in German from the first paint', async ({ page }) => {
    // The help center's answers (a fresh database has sample ones) are titled by a message of the screens catalog only.
    const english = 'Questions and answers'
    await recordTexts(page)
    await slowScreensCatalog(page)
    await page.goto('/help')
    await expect(page.getByText(screens('de-DE', english))).toBeVisible()
    const texts = await seenTexts(page)
    // A message missing from the loaded catalogs renders as its id in a production build.
    expect(texts).not.toContain(generateMessageId(english))
    expect(texts).not.toContain(english)
    expect(texts).toContain(screens('de-DE', english))
  })
})

test('a signed-in screen opened directly and a language switch on it never show English', async ({ page }) => {
  const wallet = await installWallet(page)
  await signInFresh(page, wallet)
  await page.evaluate(() => {
    const session = JSON.parse(localStorage.getItem('keelson.session') ?? '{}') as Record<string, unknown>
    localStorage.setItem('keelson.session', JSON.stringify({ ...session, language: 'de_DE' }))
  })
  await recordTexts(page)
  await slowScreensCatalog(page)
  await page.goto('/profile/verification')
  await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE')
  await expect(page.getByRole('heading', { name: screens('de-DE', 'Account verification') }).first()).toBeVisible()
  const texts = await seenTexts(page)
  expect(texts).not.toContain('Account verification')
  expect(texts).not.toContain(generateMessageId('Account verification'))

  // A switch in place loads the new language's later-screens catalog before it re-renders: the account section's
  // own label (screens.po) changes with the rest, and its German or English never stays.
  await page.goto('/profile/language')
  const label = page.locator('label[for="language-select-account"]')
  await expect(label).toHaveText(screens('de-DE', 'Language'))
  await page.locator('#language-select-account').selectOption('jp_JP')
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja-JP')
  await expect(label).toHaveText(screens('ja-JP', 'Language'))
  expect(await seenTexts(page)).not.toContain(generateMessageId('Language'))
})
