// Back online, a screen that could not load offline loads by itself: nobody should have to find Retry.
import { expect, test } from '@playwright/test'
import { installWallet } from './fixtures/wallet.ts'
import { controlledByServiceWorker, signInFresh } from './fixtures/app.ts'

for (const { path, loaded } of [
  { path: '/profile/records', loaded: 'record-row' },
  // Markets never opened before: no kept catalogue yet (a kept one shows offline with its time, offline.spec.ts).
  { path: '/trades', loaded: 'market-row' },
  { path: '/profile/notifications', loaded: 'message' },
]) {
  test(`${path} opened offline loads when the network returns, without Retry`, async ({ page, context }) => {
    const wallet = await installWallet(page)
    await signInFresh(page, wallet)
    await controlledByServiceWorker(page)
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
