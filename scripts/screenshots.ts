// npm run screenshots [-- --build] [--dist DIR] [--out DIR] [--widths 428,320] [--langs en_US,de_DE] [--schemes light,dark]
// [--screens home,instrument] [--fold] (--fold: the viewport only, what shows before any scrolling; --screens ticket:
// the trade ticket, its review and its confirmation, in that order)
// Starts the real server on a free port with a fresh PGlite folder (as tests/e2e/serve.ts does), signs in with the
// e2e test wallet (a viem account behind an EIP-6963 provider) and writes PNGs of the main screens, so a reviewer can
// look at the app in light and dark without signing in by hand. Builds only with --build or when DIST is missing.
import { execSync, spawn } from 'node:child_process'
import { existsSync, mkdirSync } from 'node:fs'
import { createServer } from 'node:net'
import { resolve } from 'node:path'
import { chromium, type Browser, type Page } from '@playwright/test'
import { installWallet } from '../tests/e2e/fixtures/wallet.ts'
import { LANGUAGES } from '#contract/locales.ts'

const args = process.argv.slice(2)
const opt = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`)
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback
}
const DIST = resolve(opt('dist', process.env.STATIC_DIR ?? 'dist'))
const OUT = resolve(opt('out', 'screenshots'))
const WIDTHS = opt('widths', '428').split(',').map(Number)
// The app's codes (de_DE, jp_JP, ta_TA) or BCP 47 tags (de-DE, ja-JP, th-TH).
const LANGS = opt('langs', 'en_US')
  .split(',')
  .map((l) => {
    const found = LANGUAGES.find((x) => x.code === l || x.bcp47 === l)
    if (!found) throw new Error(`unknown language ${l}`)
    return found
  })
const SCHEMES = opt('schemes', 'light,dark').split(',') as ('light' | 'dark')[]
const ONLY = opt('screens', '').split(',').filter(Boolean)
const FULL_PAGE = !args.includes('--fold')

// name, path, signed in? (the signed-out screens are taken in a context without a session)
const SCREENS: [string, string, boolean][] = [
  ['home', '/', true],
  ['home-signed-out', '/', false],
  ['instrument', '/detail?symbol=BTCUSDT', true],
  ['instrument-signed-out', '/detail?symbol=BTCUSDT', false],
  ['markets', '/trades', true],
  ['account', '/profile', true],
  ['balance', '/profile/balance', true],
  ['records', '/profile/records', true],
  ['invite', '/profile/invite', true],
  ['notifications', '/profile/notifications', true],
  ['orders', '/profile/orders', true],
  ['deposit', '/profile/deposit', true],
  ['withdraw', '/profile/withdraw', true],
  ['currencies', '/cruuency', true],
  ['settings', '/profile/settings', true],
  ['help', '/help', true],
  ['terms', '/help/terms', true],
  ['risk', '/help/risk', true],
  ['news', '/news', true],
  ['empty', '/empty', false],
  ['pass-login', '/pass/login', false],
  ['account-signed-out', '/profile', false],
  ['not-found', '/no-such-page', true],
]

// The trade ticket (signed in, BTCUSDT): open, its review (the confirm step after Review) and what shows once the
// order is confirmed; one after the other on the same page, so each step starts where the last one left off.
const TICKET: [string, (page: Page) => Promise<void>][] = [
  ['ticket', async (page) => {
    await page.goto('/detail?symbol=BTCUSDT')
    await page.getByTestId('trade-buy').click()
    await page.getByTestId('ticket-margin').waitFor()
  }],
  ['ticket-review', async (page) => {
    await page.getByTestId('ticket-slippage').fill('5000') // wide enough that the price moving never re-quotes
    await page.getByTestId('ticket-review').click()
    await page.getByTestId('ticket-confirm-button').waitFor()
  }],
  ['ticket-confirmed', async (page) => {
    await page.getByTestId('ticket-confirm-button').click()
    await page.getByTestId('ticket-confirm-button').waitFor({ state: 'detached' }).catch(() => {})
  }],
]

function freePort(): Promise<number> {
  return new Promise((ok) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number }
      srv.close(() => ok(port))
    })
  })
}

async function waitForHealth(base: string) {
  // A fresh PGlite on a loaded machine has taken close to a minute: wait up to three.
  for (let i = 0; i < 360; i++) {
    if (await fetch(`${base}/api/health`).then((r) => r.ok, () => false)) return
    await new Promise((r) => setTimeout(r, 500))
  }
  throw new Error('server did not start')
}

async function newPage(browser: Browser, base: string, width: number, scheme: 'light' | 'dark', lang: (typeof LANGUAGES)[number]) {
  const height = width >= 1100 ? 900 : 926
  const context = await browser.newContext({ baseURL: base, viewport: { width, height }, isMobile: width < 1100, hasTouch: width < 1100, colorScheme: scheme, locale: lang.bcp47, serviceWorkers: 'block' })
  await context.addInitScript((code) => {
    localStorage.setItem('keelson.intro.shown', '1')
    const s = JSON.parse(localStorage.getItem('keelson.session') ?? '{}') as Record<string, unknown>
    localStorage.setItem('keelson.session', JSON.stringify({ ...s, language: code }))
  }, lang.code)
  return context.newPage()
}

async function signIn(page: Page) {
  await installWallet(page)
  await page.goto('/empty')
  await page.getByRole('button', { name: 'Test Wallet' }).click()
  await page.waitForFunction(() => Boolean((JSON.parse(localStorage.getItem('keelson.session') ?? '{}') as { token?: string }).token))
}

async function shoot(page: Page, path: string, file: string) {
  await page.goto(path)
  await page.waitForLoadState('networkidle').catch(() => {})
  await page.evaluate(() => document.fonts.ready)
  await page.screenshot({ path: file, fullPage: FULL_PAGE })
}

if (args.includes('--build') || !existsSync(`${DIST}/index.html`)) execSync('npm run build', { stdio: 'inherit' })
mkdirSync(OUT, { recursive: true })
const port = await freePort()
const base = `http://127.0.0.1:${port}`
const server = spawn(process.execPath, ['tests/e2e/serve.ts'], { env: { ...process.env, PORT: String(port), STATIC_DIR: DIST }, stdio: 'inherit' })
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] })
try {
  await waitForHealth(base)
  for (const lang of LANGS)
    for (const width of WIDTHS)
      for (const scheme of SCHEMES) {
        const signedIn = await newPage(browser, base, width, scheme, lang)
        await signIn(signedIn)
        const signedOut = await newPage(browser, base, width, scheme, lang)
        for (const [name, path, needsSession] of SCREENS.filter(([name]) => !ONLY.length || ONLY.includes(name))) {
          const tag = [name, width, scheme, LANGS.length > 1 ? lang.bcp47 : ''].filter(Boolean).join('-')
          await shoot(needsSession ? signedIn : signedOut, path, `${OUT}/${tag}.png`)
        }
        for (const [name, step] of TICKET.filter(([name]) => !ONLY.length || ONLY.includes(name) || ONLY.includes('ticket'))) {
          await step(signedIn)
          await signedIn.waitForTimeout(400) // the sheet's motion
          const tag = [name, width, scheme, LANGS.length > 1 ? lang.bcp47 : ''].filter(Boolean).join('-')
          await signedIn.screenshot({ path: `${OUT}/${tag}.png`, fullPage: FULL_PAGE })
        }
        await signedIn.context().close()
        await signedOut.context().close()
      }
} finally {
  await browser.close()
  server.kill()
}
console.log(`Screenshots in ${OUT}`)
