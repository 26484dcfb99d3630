// News end to end: an operator writes and publishes an article in the console; a reader (signed out, then signed in)
// finds it under /news, reads it, and reads it again offline from what the service worker kept. The XSS corpus
// (server/content/xss-corpus.ts) goes through an article and the notice: nothing in it may run, in the console's
// preview or in the app.
import { expect, test, type Page } from '@playwright/test'
import { XSS_CORPUS } from '../../server/content/xss-corpus.ts'
import { controlledByServiceWorker, countExecutions, signInFresh, skipIntro, token } from './fixtures/app.ts'
import { opsSignIn } from './fixtures/ops.ts'
import { installWallet } from './fixtures/wallet.ts'

/** In the console at /ops/news: a new article in English, saved and published; answers its title. */
async function publishInConsole(page: Page, title: string, body: string) {
  await opsSignIn(page, ['support'])
  await page.goto('/ops/news')
  await page.getByRole('button', { name: 'New article' }).click()
  await page.getByLabel('Title').fill(title)
  await page.getByLabel('Summary').fill(`${title}: the short version`)
  await page.getByLabel('Body (Markdown)').fill(body)
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Article saved')).toBeVisible()
  const row = page.getByTestId('ops-article-row').filter({ hasText: title })
  await row.getByRole('button', { name: 'Publish' }).click()
  await expect(row.getByText('Published')).toBeVisible()
}

test('an operator publishes an article; a signed-out reader reads it, then reads it offline', async ({ page, context }) => {
  const title = `Rates outlook ${Date.now()}`
  await publishInConsole(page, title, `## What changes\n\nThe **central bank** meets on Thursday.\n\n- rates\n- bonds\n\n[Calendar](https://example.org/calendar)`)

  await page.goto('/news')
  await skipIntro(page)
  await expect(page.getByRole('heading', { name: 'News', level: 1 })).toBeVisible()
  // The sample article a fresh database offers is there too, marked as such.
  await expect(page.getByTestId('news-item').filter({ hasText: 'Sample article' })).toContainText('Sample, replace before launch')
  const item = page.getByTestId('news-item').filter({ hasText: title })
  await expect(item).toContainText(`${title}: the short version`)
  await item.click()
  // The id as its digits (not JSON, ?id="12"); an address written the old way still opens the article.
  await expect(page).toHaveURL(/\/detail\?id=\d+$/)
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible()
  const id = new URL(page.url()).searchParams.get('id')!
  await page.goto(`/detail?id=%22${id}%22`)
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible()
  const body = page.getByTestId('article-body')
  await expect(body.getByRole('heading', { name: 'What changes', level: 2 })).toBeVisible()
  await expect(body.locator('strong')).toHaveText('central bank')
  await expect(body.getByRole('link', { name: 'Calendar' })).toHaveAttribute('rel', 'noopener noreferrer')

  // Once the service worker controls the page, a visit keeps the list and the article for offline reading.
  await controlledByServiceWorker(page)
  const articleUrl = page.url()
  await page.reload()
  await expect(body).toContainText('The central bank meets on Thursday.')
  await page.goto('/news')
  await expect(page.getByTestId('news-item').filter({ hasText: title })).toBeVisible()

  await context.setOffline(true)
  try {
    await page.goto(articleUrl)
    await expect(page.getByTestId('offline-banner')).toBeVisible()
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible()
    await expect(body).toContainText('The central bank meets on Thursday.')
    await page.goto('/news')
    await expect(page.getByTestId('news-item').filter({ hasText: title })).toBeVisible()
  } finally {
    await context.setOffline(false)
  }
})

test('the XSS corpus runs nothing: not in the console preview, the article, nor the notice', async ({ page, request }) => {
  const runs = await countExecutions(page)
  const title = `Sanitiser check ${Date.now()}`
  await publishInConsole(page, title, `Before the corpus.\n\n${XSS_CORPUS.join('\n\n')}\n\nAfter the corpus.`)
  // The console shows the server's sanitised HTML as its preview.
  const preview = page.getByTestId('ops-news-preview')
  await expect(preview).toContainText('After the corpus.')
  await expect(preview.locator('script, iframe, object, embed, form, input, button, style, svg, math, meta, base, link, [onerror], [onload], [style]')).toHaveCount(0)

  const wallet = await installWallet(page)
  await signInFresh(page, wallet)
  await page.goto('/news')
  await page.getByTestId('news-item').filter({ hasText: title }).click()
  const body = page.getByTestId('article-body')
  await expect(body).toContainText('After the corpus.')
  await expect(body.locator('script, iframe, object, embed, form, input, button, style, svg, math, meta, base, link, [onerror], [onload], [style]')).toHaveCount(0)
  // Hovering and clicking what is left (links whose address was dropped) runs nothing either.
  for (const link of await body.locator('a').all()) await link.hover()
  await expect(page).toHaveURL(/\/detail\?id=/)

  // The notice renders operator HTML in the browser (DOMPurify): the same corpus, as HTML.
  const headers = { Authorization: (await token(page))! }
  expect((await request.post('/api/test/notice', { headers, data: { title: 'Corpus notice', content: XSS_CORPUS.join('\n') } })).status()).toBe(200)
  try {
    // The service worker asks the network for the notice before its kept copy, so one load shows it; notice.spec.ts
    // holds that to a single load. Here the corpus is what is checked, so a slow load (the phone project on a busy
    // machine) gets a few bounded reloads instead of failing the sanitiser test.
    const dialog = page.getByRole('dialog', { name: 'Corpus notice' })
    await expect(async () => {
      await page.reload()
      await expect(dialog).toBeVisible({ timeout: 5_000 })
    }).toPass({ intervals: [500, 1_000, 2_000], timeout: 30_000 })
    await expect(dialog.locator('script, iframe, object, embed, form, input, style, svg, math, meta, base, [onerror], [onload], [style]')).toHaveCount(0)
  } finally {
    await request.post('/api/test/notice', { headers, data: { title: '', content: '' } })
  }
  expect(runs).toEqual([])
})
