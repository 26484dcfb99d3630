// Back online, a screen that could not load offline loads by itself: nobody should have to find Retry.
import { expect, test } from '@playwright/test'
import { installWallet } from './fixtures/wallet.ts'
import { controlledByServiceWorker, signInFresh } from './fixtures/app.ts'

for (const { path, loaded, nothingKept } of [
  { path: '/profile/records', loaded: 'record-row' },
  // Markets as if never opened: no kept catalogue or prices (a kept one shows offline with its time, offline.spec.ts).
  // Home may have read the catalogue already, and whether the service worker kept it depends on whether it took
  // control before that read, so the test forgets what was kept.
  { path: '/trades', loaded: 'market-row', nothingKept: true },
  { path: '/profile/notifications', loaded: 'message' },
]) {
  test(`${path} opened offline loads when the network returns, without Retry`, async ({ page, context }) => {
    const wallet = await installWallet(page)
    await signInFresh(page, wallet)
    await controlledByServiceWorker(page)
    if (nothingKept) {
      await page.evaluate(async () => {
        await caches.delete('keelson-runtime-public')
        await new Promise((resolve) => {
          const deleting = indexedDB.deleteDatabase('keelson-prices')
          deleting.onsuccess = deleting.onerror = deleting.onblocked = resolve
        })
      })
    }
    await context.setOffline(true)
    try {
      await page.goto(path)
      await expect(page.getByText('You are offline. This will load when you are back online.').first()).toBeVisible()
    } finally {
      await context.setOffline(false)
    }
    await expect(page.getByTestId(loaded).first()).toBeVisible()
    await expect(page.getByText('You are offline. This will load when you are back online.')).toHaveCount(0)
  })
}
