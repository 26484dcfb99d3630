// The screens outside the app's layout (connect a wallet, sign in with e-mail) keep their header at the top like
// every other screen, however tall the window.
import { expect, test } from '@playwright/test'

for (const path of ['/empty', '/pass/login']) {
  test(`${path} has its header at the top of the window`, async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('keelson.intro.shown', '1'))
    await page.goto(path)
    const back = page.getByRole('button', { name: 'Back' })
    await expect(back).toBeVisible()
    const box = await back.boundingBox()
    expect(box?.y ?? Infinity).toBeLessThan(48)
    await expect(page.getByRole('heading', { level: 1 })).toBeInViewport()
  })
}
