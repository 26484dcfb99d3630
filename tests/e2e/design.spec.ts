// Every route at 320, 428 and 1440 wide, signed out and (private screens) signed in: no sideways scrolling, no
// visible text under 12 px, no touch target under 44x44 px on phone widths, and axe-core finds no violation in the
// light or the dark theme (see check()). One page load per route and width; the two themes are switched in place.
// Run: STATIC_DIR=... E2E_PORT=... npx playwright test tests/e2e/design.spec.ts --project=mobile
import AxeBuilder from '@axe-core/playwright'
import { expect, test as base, type Browser, type Page } from '@playwright/test'
import { installWallet } from './fixtures/wallet.ts'
import { LANGUAGES } from '../../src/contract/locales.ts'

const PUBLIC = [
  '/', '/home', '/trades', '/smart', '/smart/financing', '/loan', '/nfts', '/profile', '/help', '/help/center', '/help/terms', '/help/support',
  '/news', '/detail', '/Introduction', '/aboutUs', '/cruuency', '/nodeStaking', '/test', '/pass/login', '/pass/register',
  '/pass/recover', '/changepwd', '/sign', '/empty', '/no-such-page', '/detail?symbol=BTCUSDT', '/trades?q=EUR',
]
const PRIVATE = [
  '/', '/profile', '/profile/balance', '/profile/records', '/profile/orders', '/profile/notifications', '/profile/invite',
  '/profile/verification', '/profile/password', '/profile/settings', '/profile/language', '/profile/contact',
  '/profile/deposit', '/profile/withdraw', '/trades', '/detail?symbol=BTCUSDT', '/smart', '/smart/financing', '/nodeStaking',
]
const WIDTHS = [320, 428, 1440]
const INTERACTIVE = 'a[href], button, input:not([type=hidden]), select, textarea, [role=button], [role=tab], [role=radio], [role=checkbox], [role=switch]'

type Pages = { phone: Page; desktop: Page; phoneIn: Page; desktopIn: Page }

async function open(browser: Browser, baseURL: string, phone: boolean, signIn: boolean): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    viewport: phone ? { width: 428, height: 926 } : { width: 1440, height: 900 },
    isMobile: phone,
    hasTouch: phone,
    reducedMotion: 'reduce', // skeleton pulses and sheet motion would make colour contrast flicker under axe
  })
  // The intro board is the intro feature's own screen; here it would cover every route.
  await context.addInitScript(() => localStorage.setItem('keelson.intro.shown', '1'))
  const page = await context.newPage()
  if (signIn) {
    await installWallet(page)
    await page.goto('/empty')
    await page.getByRole('button', { name: 'Test Wallet' }).click()
    await page.waitForFunction(() => Boolean((JSON.parse(localStorage.getItem('keelson.session') ?? '{}') as { token?: string }).token))
  }
  return page
}

// One signed-out and one signed-in page per kind of screen (phone, desktop), made once per worker.
const test = base.extend<object, { pages: Pages }>({
  pages: [
    async ({ browser }, use, workerInfo) => {
      const baseURL = workerInfo.project.use.baseURL!
      const [phone, desktop, phoneIn, desktopIn] = await Promise.all([
        open(browser, baseURL, true, false),
        open(browser, baseURL, false, false),
        open(browser, baseURL, true, true),
        open(browser, baseURL, false, true),
      ])
      await use({ phone, desktop, phoneIn, desktopIn })
      for (const p of [phone, desktop, phoneIn, desktopIn]) await p.context().close()
    },
    { scope: 'worker' },
  ],
})

/** What a user would see wrong, measured in the page: overflow, tiny text, small targets. */
function measure({ touch, interactive }: { touch: boolean; interactive: string }) {
  const visible = (el: Element) => {
    const r = el.getBoundingClientRect()
    const s = getComputedStyle(el)
    return r.width > 1 && r.height > 1 && s.visibility !== 'hidden' && s.display !== 'none' && Number(s.opacity) > 0 && !el.closest('[inert], [aria-hidden=true]')
  }
  const name = (el: Element) => `${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''} "${(el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 30)}"`
  const problems: string[] = []
  const sw = document.scrollingElement!.scrollWidth
  if (sw > innerWidth) problems.push(`page scrolls sideways: ${sw} > ${innerWidth}`)
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
  const small = new Set<Element>()
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement
    if (!el || !n.textContent?.trim() || small.has(el) || !visible(el)) continue
    if (el.closest('.visually-hidden, script, style, noscript, option')) continue
    const size = parseFloat(getComputedStyle(el).fontSize)
    if (size < 12) {
      small.add(el)
      problems.push(`text ${size}px: ${name(el)}`)
    }
  }
  if (touch)
    for (const el of document.querySelectorAll(interactive)) {
      if (!visible(el)) continue
      // Allowed: a link inside a sentence of running text (WCAG 2.5.8's inline exception), e.g. "read the terms".
      if (el.tagName === 'A' && el.closest('p') && getComputedStyle(el).display === 'inline') continue
      const r = el.getBoundingClientRect()
      if (r.width < 43.5 || r.height < 43.5) problems.push(`target ${Math.round(r.width)}x${Math.round(r.height)}: ${name(el)}`)
    }
  return problems
}

async function check(page: Page, path: string, width: number) {
  await page.setViewportSize({ width, height: width >= 1100 ? 900 : 926 })
  await page.goto(path)
  // Settled: the screen's data arrived (no skeleton or busy region left), or 8 s passed (then what shows is judged).
  await page.waitForFunction(() => document.querySelector('main, .standalone') && !document.querySelector('.skeleton, [aria-busy=true]'), null, { timeout: 8000 }).catch(() => {})
  await page.evaluate(() => document.fonts.ready)
  const problems = await page.evaluate(measure, { touch: width < 1100, interactive: INTERACTIVE })
  expect.soft(problems, `${path} at ${width}`).toEqual([])
  // axe is most of this walk's time. Only colours change with the theme, so the dark pass checks contrast alone; and
  // 320 has 428's colours, so at 320 the dark pass is left out (a name hidden by a narrow layout is still caught).
  for (const colorScheme of width === 320 ? (['light'] as const) : (['light', 'dark'] as const)) {
    await page.emulateMedia({ colorScheme })
    const axe = new AxeBuilder({ page })
    const { violations } = await (colorScheme === 'dark' ? axe.withRules(['color-contrast']) : axe).analyze()
    const found = violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 4).join(', ')}`)
    expect.soft(found, `axe ${colorScheme} ${path} at ${width}`).toEqual([])
  }
}

for (const width of WIDTHS) {
  const phone = width < 1100
  test.describe(`${width} px`, () => {
    for (const path of PUBLIC)
      test(`signed out ${path}`, async ({ pages }) => {
        await check(phone ? pages.phone : pages.desktop, path, width)
      })
    for (const path of PRIVATE)
      test(`signed in ${path}`, async ({ pages }) => {
        await check(phone ? pages.phoneIn : pages.desktopIn, path, width)
      })
  })
}

/**
 * Labels that wrap inside a word ("Guthab-en", "マーケッ/ト") or do not fit their box (a tab label cut off). A line
 * may end only where the page's language puts a word boundary (Intl.Segmenter: spaces, and the dictionary's word
 * ends in Japanese, Chinese and Thai) or after a hyphen or slash.
 */
function brokenLabels(selector: string) {
  const words = new Intl.Segmenter(document.documentElement.lang, { granularity: 'word' })
  const found: string[] = []
  for (const el of document.querySelectorAll<HTMLElement>(selector)) {
    const text = el.textContent ?? ''
    if (!text.trim() || el.getClientRects().length === 0) continue
    if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1) found.push(`"${text}" does not fit its box`)
    const boundaries = new Set([...words.segment(text)].map((s) => s.index))
    // Character by character (one text node per label): where a line starts, what came before it.
    const node = el.firstChild
    if (node?.nodeType !== Node.TEXT_NODE || node.textContent !== text) continue
    const range = document.createRange()
    let lastTop: number | null = null
    for (let i = 0; i < text.length; i++) {
      range.setStart(node, i)
      range.setEnd(node, i + 1)
      const rect = range.getBoundingClientRect()
      if (rect.width === 0) continue
      if (lastTop !== null && rect.top > lastTop + 2 && !boundaries.has(i) && !/[\s\u200b/-]/u.test(text[i - 1]!)) found.push(`"${text}" breaks inside a word: "${text.slice(0, i)}|${text.slice(i)}"`)
      lastTop = rect.top
    }
  }
  return found
}

test('at 320 px, in every language, tab labels and the balance row wrap between words and fit', async ({ pages }) => {
  test.setTimeout(120_000)
  const page = pages.phoneIn
  await page.setViewportSize({ width: 320, height: 700 })
  const found: string[] = []
  try {
    for (const { code, bcp47 } of LANGUAGES) {
      await page.evaluate((language) => {
        const session = JSON.parse(localStorage.getItem('keelson.session') ?? '{}') as Record<string, unknown>
        localStorage.setItem('keelson.session', JSON.stringify({ ...session, language }))
      }, code)
      await page.goto('/')
      await expect(page.locator('html')).toHaveAttribute('lang', bcp47)
      // The home balance row ("Guthaben" in German), with its amount beside it.
      await expect(page.locator('.row-trailing .amount').first()).toBeVisible()
      await page.evaluate(() => document.fonts.ready)
      for (const problem of await page.evaluate(brokenLabels, '.bottom-tab-label, .row-label')) found.push(`${bcp47}: ${problem}`)
    }
  } finally {
    await page.evaluate(() => {
      const session = JSON.parse(localStorage.getItem('keelson.session') ?? '{}') as Record<string, unknown>
      localStorage.setItem('keelson.session', JSON.stringify({ ...session, language: 'en_US' }))
    })
  }
  expect(found).toEqual([])
})

test('at 320 px, in every language, the three orders tabs show whole, side by side', async ({ pages }) => {
  test.setTimeout(120_000)
  const page = pages.phoneIn
  await page.setViewportSize({ width: 320, height: 700 })
  const found: string[] = []
  try {
    for (const { code, bcp47 } of LANGUAGES) {
      await setLanguage(page, code)
      await page.goto('/profile/orders')
      await expect(page.locator('html')).toHaveAttribute('lang', bcp47)
      await expect(page.locator('.orders-tabs [role=tab]')).toHaveCount(3)
      await page.evaluate(() => document.fonts.ready)
      const outside = await page.evaluate(() => {
        const list = document.querySelector('.orders-tabs [role=tablist]')!.getBoundingClientRect()
        return [...document.querySelectorAll('.orders-tabs [role=tab]')]
          .filter((tab) => {
            const r = tab.getBoundingClientRect()
            return r.left < list.left - 1 || r.right > list.right + 1
          })
          .map((tab) => `"${tab.textContent}" is cut off by the edge`)
      })
      for (const problem of [...outside, ...(await page.evaluate(brokenLabels, '.orders-tabs [role=tab]'))]) found.push(`${bcp47}: ${problem}`)
    }
  } finally {
    await setLanguage(page, 'en_US')
  }
  expect(found).toEqual([])
})

/**
 * Button labels cut off: text wider than its button (or than a clipping box inside it: an ellipsis span, a segment),
 * measured both ways, scrollWidth against clientWidth and the text's own Range against the button's box.
 */
function clippedLabels(selector: string) {
  const found: string[] = []
  const path = location.pathname + location.search
  for (const el of document.querySelectorAll<HTMLElement>(selector)) {
    const text = (el.textContent ?? '').trim()
    const box = el.getBoundingClientRect()
    if (!text || box.width < 2 || box.height < 2 || el.closest('[inert], [aria-hidden=true], .visually-hidden')) continue
    const style = getComputedStyle(el)
    if (style.visibility === 'hidden' || Number(style.opacity) === 0) continue
    const boxes = [el, ...el.querySelectorAll<HTMLElement>('*')].filter(
      (b) => getComputedStyle(b).display !== 'inline' && !b.closest('.visually-hidden') && b.getClientRects().length > 0,
    )
    const cut = boxes.some((b) => b.scrollWidth > b.clientWidth + 1)
    const range = document.createRange()
    range.selectNodeContents(el)
    const ink = range.getBoundingClientRect()
    const outside = ink.width > 0 && (ink.left < box.left - 1 || ink.right > box.right + 1)
    if (cut || outside) found.push(`${path}: "${text.slice(0, 40)}" is wider than its button`)
  }
  return found
}

const BUTTONS = 'button, [role=button], [role=tab], [role=radio], a.btn'
/** The walk's screens once each: /home is /, and the information pages share /Introduction's layout and buttons
 * (/nodeStaking is a screen of its own since node staking opened). */
const SAME_SCREEN = new Set(['/home', '/news', '/aboutUs', '/test'])

// The screens the walk above opens, at 320 in each language: no button label cut off. One page load per screen and
// language and no axe (the walk above runs axe), about 15 s a language; each language is a test, so a report names it.
for (const { code, bcp47 } of LANGUAGES)
  test(`at 320 px in ${bcp47}, no button label is wider than its button`, async ({ pages }) => {
    test.setTimeout(180_000)
    const found: string[] = []
    for (const [page, paths] of [[pages.phone, PUBLIC], [pages.phoneIn, PRIVATE]] as const) {
      await page.setViewportSize({ width: 320, height: 700 })
      await setLanguage(page, code)
      try {
        for (const path of paths.filter((p) => !SAME_SCREEN.has(p))) {
          await page.goto(path)
          await expect(page.locator('html')).toHaveAttribute('lang', bcp47)
          await page.waitForFunction(() => document.querySelector('main, .standalone') && !document.querySelector('.skeleton, [aria-busy=true]'), null, { timeout: 4000 }).catch(() => {})
          found.push(...(await page.evaluate(clippedLabels, BUTTONS)))
        }
      } finally {
        await setLanguage(page, 'en_US')
      }
    }
    expect(found).toEqual([])
  })

/** The language a page's session asks for (read at the next load). */
async function setLanguage(page: Page, language: string) {
  if (page.url() === 'about:blank') await page.goto('/empty')
  await page.evaluate((code) => {
    const session = JSON.parse(localStorage.getItem('keelson.session') ?? '{}') as Record<string, unknown>
    localStorage.setItem('keelson.session', JSON.stringify({ ...session, language: code }))
  }, language)
}

test.describe('navigation', () => {
  test('old path names open their screens, and back skips the old address', async ({ pages }) => {
    const page = pages.phone
    await page.goto('/aboutUs')
    await page.goto('/markets')
    await expect(page).toHaveURL(/\/trades$/)
    await page.goBack()
    await expect(page).toHaveURL(/\/aboutUs$/)
    await pages.phoneIn.goto('/record/')
    await expect(pages.phoneIn).toHaveURL(/\/profile\/records$/)
    // The product's /deposit is Deposit (the old app sent it to /cruuency).
    await pages.phoneIn.goto('/deposit')
    await expect(pages.phoneIn).toHaveURL(/\/profile\/deposit$/)
    await expect(pages.phoneIn.getByTestId('deposit-panel')).toBeVisible()
  })

  test('an unknown address shows the not-found screen inside the app, with a way home', async ({ pages }) => {
    const page = pages.phone
    await page.goto('/no/such/page')
    const screen = page.getByTestId('not-found')
    await expect(screen).toBeVisible()
    await expect(page.getByRole('navigation').first()).toBeVisible() // the tab bar stays
    await screen.getByRole('link').click()
    await expect(page).toHaveURL(/\/$/)
  })

  test('the back arrow of an account sub-page returns to the list where it was scrolled', async ({ pages }) => {
    const page = pages.phoneIn
    await page.setViewportSize({ width: 428, height: 600 })
    await page.goto('/profile')
    await expect(page.getByTestId('account-address')).toBeVisible()
    const row = page.getByTestId('account-row-language')
    await row.scrollIntoViewIfNeeded()
    const scrolled = await page.evaluate(() => scrollY)
    expect(scrolled).toBeGreaterThan(0)
    await row.click()
    await expect(page).toHaveURL(/\/profile\/language$/)
    await expect(page.getByTestId('account-address')).toHaveCount(0) // the account card is only on /profile
    await page.locator('.page-back').click()
    await expect(page).toHaveURL(/\/profile$/)
    await expect.poll(() => page.evaluate(() => scrollY)).toBe(scrolled)
  })
})
