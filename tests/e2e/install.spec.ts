import { expect, test, type Page } from '@playwright/test'
import { installWallet } from './fixtures/wallet.ts'
import { signInFresh, skipIntro } from './fixtures/app.ts'

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1'

/**
 * Fires a synthetic beforeinstallprompt as Chromium would, with a stub prompt() that counts its calls in
 * window.__prompts and a userChoice with `outcome`. Resolves whether the app took the event (preventDefault).
 */
function offerInstall(page: Page, outcome: 'accepted' | 'dismissed' = 'accepted') {
  return page.evaluate((outcome) => {
    const w = window as unknown as { __prompts?: number }
    w.__prompts ??= 0
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: () => {
        w.__prompts! += 1
        return Promise.resolve()
      },
      userChoice: Promise.resolve({ outcome, platform: 'web' }),
    })
    window.dispatchEvent(event)
    return event.defaultPrevented
  }, outcome)
}

const prompts = (page: Page) => page.evaluate(() => (window as unknown as { __prompts?: number }).__prompts ?? 0)

/** The page has settled (its lazy chunks fetched), so an offer that is due would be on screen by now. */
async function expectNoOffer(page: Page) {
  await page.waitForLoadState('networkidle')
  await expect(page.getByTestId('install-offer')).toHaveCount(0)
}

test('a first visit is not asked; signing in is the moment, and Install opens the browser dialog', async ({ page }) => {
  const wallet = await installWallet(page)
  await page.goto('/')
  // The app keeps the event (no mini-infobar) but does not ask on the first screen of a first visit.
  expect(await offerInstall(page)).toBe(true)
  await expectNoOffer(page)

  // Same visit (the intro board is still open): Continue, the test wallet, signed in.
  await signInFresh(page, wallet)
  expect(await offerInstall(page)).toBe(true)
  const offer = page.getByTestId('install-offer')
  await expect(offer).toBeVisible()
  await offer.getByRole('button', { name: 'Install' }).click()
  expect(await prompts(page)).toBe(1)
  await expect(offer).toBeHidden()
})

test('a returning visitor is asked; Not now is remembered across reloads and visits', async ({ page, context }) => {
  await page.goto('/')
  await skipIntro(page)
  await page.close()

  // A new tab is a new browser session: the second visit.
  const again = await context.newPage()
  await again.goto('/')
  expect(await offerInstall(again, 'dismissed')).toBe(true)
  const offer = again.getByTestId('install-offer')
  await expect(offer).toBeVisible()
  await offer.getByRole('button', { name: 'Not now' }).click()
  await expect(offer).toBeHidden()
  expect(await prompts(again)).toBe(0)

  await again.reload()
  expect(await offerInstall(again)).toBe(true)
  await expectNoOffer(again)

  const third = await context.newPage()
  await third.goto('/')
  expect(await offerInstall(third)).toBe(true)
  await expectNoOffer(third)
})

test.describe('iOS Safari', () => {
  test.use({ userAgent: IPHONE_SAFARI })

  test('gets the Share, Add to Home Screen instructions on a second visit', async ({ page, context }) => {
    await page.goto('/')
    await skipIntro(page)
    await expectNoOffer(page)
    await page.close()

    const again = await context.newPage()
    await again.goto('/')
    const offer = again.getByTestId('install-offer')
    await offer.getByRole('button', { name: 'How to install' }).click()
    const sheet = again.getByRole('dialog', { name: /Add .* to your home screen/ })
    await expect(sheet).toContainText('Share')
    await expect(sheet).toContainText('Add to Home Screen')
    await sheet.getByRole('button', { name: 'Got it' }).click()
    await expect(sheet).toBeHidden()
  })

  test('is never asked inside the installed app', async ({ page, context }) => {
    await context.addInitScript(() => Object.defineProperty(navigator, 'standalone', { value: true }))
    await page.goto('/')
    await skipIntro(page)
    await page.close()
    const again = await context.newPage()
    await again.goto('/')
    await expect(again.getByRole('heading', { level: 1 })).toBeVisible()
    await expectNoOffer(again)
  })
})

test('the splash, theme colour and icons match the app: token colours, artwork inside the maskable safe zone', async ({ page }) => {
  await page.goto('/')
  const manifest = await page.evaluate(async () => {
    const href = document.querySelector<HTMLLinkElement>('link[rel=manifest]')!.href
    return (await (await fetch(href)).json()) as { background_color: string; theme_color: string; icons: { src: string; purpose?: string }[] }
  })
  const look = async (colorScheme: 'dark' | 'light') => {
    await page.emulateMedia({ colorScheme })
    return page.evaluate(() => ({
      bg: getComputedStyle(document.documentElement).getPropertyValue('--bg').trim().toLowerCase(),
      meta: [...document.querySelectorAll<HTMLMetaElement>('meta[name=theme-color]')].find((m) => matchMedia(m.media).matches)?.content.toLowerCase(),
    }))
  }
  // The splash (background_color) and the status bar (theme_color) are the dark theme's background, the first paint.
  const dark = await look('dark')
  expect(manifest.background_color).toBe(dark.bg)
  expect(manifest.theme_color).toBe(dark.bg)
  expect(dark.meta).toBe(dark.bg)
  const light = await look('light')
  expect(light.meta).toBe(light.bg)

  const maskable = manifest.icons.find((i) => i.purpose === 'maskable')
  expect(maskable).toBeDefined()
  // Launchers may cut a maskable icon down to the circle of 80 % of its width: outside it only background.
  const pixels = await page.evaluate(async (src) => {
    const image = await createImageBitmap(await (await fetch(src)).blob())
    const canvas = new OffscreenCanvas(image.width, image.height)
    const g = canvas.getContext('2d')!
    g.drawImage(image, 0, 0)
    const { data, width, height } = g.getImageData(0, 0, image.width, image.height)
    const at = (x: number, y: number) => data.slice((y * width + x) * 4, (y * width + x) * 4 + 4).join()
    const background = at(0, 0)
    let outsideArt = 0
    let insideArt = 0
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const r = Math.hypot(x + 0.5 - width / 2, y + 0.5 - height / 2) / width
        if (at(x, y) === background) continue
        if (r > 0.4) outsideArt++
        else insideArt++
      }
    }
    return { outsideArt, insideArt, opaque: background.endsWith(',255') }
  }, maskable!.src)
  expect(pixels).toEqual({ outsideArt: 0, insideArt: expect.any(Number), opaque: true })
  expect(pixels.insideArt).toBeGreaterThan(1000)
})
