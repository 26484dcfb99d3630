import { expect, test } from '@playwright/test'
import { installWallet } from './fixtures/wallet.ts'
import { signInFresh } from './fixtures/app.ts'

test('the installed shell reloads offline with an offline banner and the last screen', async ({ page, context }) => {
  const wallet = await installWallet(page)
  await signInFresh(page, wallet)
  await expect(page.getByTestId('live-prices')).toBeVisible()
  // Wait until the service worker controls the page, so the shell is precached.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }))
    }
  })
  await context.setOffline(true)
  await page.reload()
  await expect(page.getByTestId('offline-banner')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Markets' }).first()).toBeVisible()
  await context.setOffline(false)
})

test('the manifest makes the app installable', async ({ page, request }) => {
  await installWallet(page)
  const response = await request.get('/manifest.webmanifest')
  expect(response.ok()).toBe(true)
  const manifest = (await response.json()) as { display: string; orientation: string; icons: { sizes: string; purpose?: string }[] }
  expect(manifest.display).toBe('standalone')
  expect(manifest.orientation).toBe('portrait')
  expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']))
  expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true)
  for (const icon of ['/icons/icon-192.png', '/icons/icon-512.png', '/icons/icon-maskable-512.png']) {
    expect((await request.get(icon)).headers()['content-type']).toContain('image/png')
  }
})
