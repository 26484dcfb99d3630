import { expect, test } from '@playwright/test'
import { installWallet } from './fixtures/wallet.ts'
import { controlledByServiceWorker, signInFresh, token } from './fixtures/app.ts'

test('the site-wide notice shows once per session, with its HTML sanitised', async ({ page, request }) => {
  const wallet = await installWallet(page)
  await signInFresh(page, wallet)
  const headers = { Authorization: (await token(page))! }
  // The service worker keeps the answer "no notice" from a load it controls, as a returning visitor's has.
  await controlledByServiceWorker(page)
  await page.reload()
  await expect(page.getByTestId('signed-in')).toBeVisible()
  const content =
    '<p>Markets close early on <b>Friday</b>.</p><a href="https://example.org/hours">Hours</a>' +
    '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script><form><input name="seed"></form>'
  expect((await request.post('/api/test/notice', { headers, data: { title: 'Holiday hours', content } })).status()).toBe(200)
  try {
    // The first load after publishing shows it, not the kept "no notice": the service worker asks the network for the
    // notice first (src/lib/cache-rules.ts NEWEST_API_PATHS), its kept copy is for offline only.
    await page.reload()
    const dialog = page.getByRole('dialog', { name: 'Holiday hours' })
    await expect(dialog).toBeVisible()
    await expect(dialog.locator('b')).toHaveText('Friday')
    await expect(dialog.getByRole('link', { name: 'Hours' })).toHaveAttribute('rel', 'noopener noreferrer')
    await expect(dialog.locator('script, form, input, [onerror]')).toHaveCount(0)
    expect(await page.evaluate(() => (window as never as { __pwned?: number }).__pwned)).toBeUndefined()
    await dialog.getByRole('button', { name: 'Got it' }).click()
    await expect(dialog).toBeHidden()
    await page.reload()
    await expect(page.getByTestId('signed-in')).toBeVisible()
    await expect(page.getByRole('dialog', { name: 'Holiday hours' })).toHaveCount(0)
  } finally {
    // The e2e server is shared by every spec: leave no notice behind.
    await request.post('/api/test/notice', { headers, data: { title: '', content: '' } })
  }
})
