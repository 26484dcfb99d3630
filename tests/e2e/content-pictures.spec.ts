// Pictures in content end to end: an operator uploads an article's cover and a picture for its body in the console
// and publishes; a help answer shows a picture too. A signed-out reader sees the cover in the list and on the
// article (sized before it loads, with its text alternative), reads the answer, then goes offline and reads both
// again with their pictures, from what the service worker kept. And the signed-out home lists the partners.
import { randomBytes } from 'node:crypto'
import { expect, test, type Locator, type Page } from '@playwright/test'
import { totpCode } from '../../server/modules/ops/totp.ts'
import { plainPng } from '../../server/modules/uploads/test-files.ts'
import { skipIntro } from './fixtures/app.ts'
import { createOperator, opsSignIn } from './fixtures/ops.ts'

test.describe.configure({ timeout: 180_000 })

async function controlledByServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }))
    }
  })
}

/** The picture was fetched and decoded (a broken or missing picture has no natural width). */
async function expectShown(img: Locator, width: number) {
  await expect(img).toBeVisible()
  await expect.poll(() => img.evaluate((i: HTMLImageElement) => (i.complete ? i.naturalWidth : 0))).toBe(width)
}

/** A support operator's token, through the API, for what the test sets up outside the console. */
async function supportToken(page: Page) {
  const operator = await createOperator(page, ['support'])
  const res = await page.request.post('/api/ops/signIn', { data: { name: operator.name, password: operator.password, code: totpCode(operator.secret, Date.now()) } })
  return ((await res.json()) as { data: { token: string } }).data.token
}

test('an article’s cover and pictures, and a help answer’s picture, show online and then offline', async ({ page, context }) => {
  const run = randomBytes(4).toString('hex')
  const title = `Harbour report ${run}`

  // The console: cover, its text alternative and a picture in the body, uploaded from files; saved, published.
  const ops = await context.newPage()
  await opsSignIn(ops, ['support'])
  await ops.goto('/ops/news')
  await ops.getByRole('button', { name: 'New article' }).click()
  await ops.getByLabel('Title').fill(title)
  await ops.getByLabel('Summary').fill('Ships in, ships out.')
  await ops.getByLabel('Body (Markdown)').fill('The harbour was busy.')
  await ops.getByTestId('ops-news-cover-file').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: await plainPng(320, 180) })
  await expect(ops.getByTestId('ops-news-cover').locator('img')).toBeVisible()
  await ops.getByLabel('Text alternative of the cover').fill('Container ships at the quay')
  await ops.getByTestId('ops-news-body-file').setInputFiles({ name: 'chart.png', mimeType: 'image/png', buffer: await plainPng(200, 100) })
  await expect(ops.getByLabel('Body (Markdown)')).toHaveValue(/The harbour was busy\.\n\n!\[Describe the picture\]\(\/api\/contentImage\/[0-9a-f-]{36}\)/)
  await ops.getByRole('button', { name: 'Save' }).click()
  await expect(ops.getByText('Article saved')).toBeVisible()
  // Before publishing, the preview shows the body's picture (through the console's route, with the operator's
  // token), while the readers' address still refuses it and tells every cache not to keep the refusal.
  const previewPicture = ops.getByTestId('ops-news-preview').getByRole('img', { name: 'Describe the picture' })
  await expectShown(previewPicture, 200)
  await expect(previewPicture).toHaveAttribute('src', /^blob:/)
  const bodySrc = /\((\/api\/contentImage\/[0-9a-f-]{36})\)/.exec(await ops.getByLabel('Body (Markdown)').inputValue())![1]!
  const unpublished = await page.request.get(bodySrc)
  expect(unpublished.status()).toBe(404)
  expect(unpublished.headers()['cache-control']).toBe('private, no-store')
  const row = ops.getByTestId('ops-article-row').filter({ hasText: title })
  await row.getByRole('button', { name: 'Publish' }).click()
  await expect(row.getByText('Published')).toBeVisible()
  await ops.close()

  // A help answer with a picture (uploaded and saved through the API the console uses).
  const token = await supportToken(page)
  const headers = { Authorization: `Bearer ${token}` }
  const upload = await page.request.post('/api/ops/contentImage', {
    headers,
    multipart: { file: { name: 'steps.png', mimeType: 'image/png', buffer: await plainPng(120, 90) } },
  })
  expect(upload.status()).toBe(200)
  const picture = ((await upload.json()) as { data: { src: string } }).data
  const question = `Where is the harbour fee shown (${run})?`
  const saved = await page.request.post('/api/ops/content/saveHelpAnswer', {
    headers,
    data: { category: 'funds', locale: 'en_US', question, answer: `Under **Fees**:\n\n![The fee line](${picture.src})` },
  })
  expect(saved.status()).toBe(200)

  // The reader, signed out: the cover in the list and on the article, with its size and text alternative.
  await page.goto('/news')
  await skipIntro(page)
  const item = page.getByTestId('news-item').filter({ hasText: title })
  const listCover = item.getByTestId('news-item-cover')
  await expect(listCover).toHaveAttribute('alt', 'Container ships at the quay')
  await expect(listCover).toHaveAttribute('width', '320')
  await expect(listCover).toHaveAttribute('height', '180')
  await expectShown(listCover, 320)
  await item.click()
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible()
  const cover = page.getByTestId('article-cover')
  await expect(cover).toHaveAttribute('alt', 'Container ships at the quay')
  await expect(cover).toHaveAttribute('width', '320')
  await expect(cover).toHaveAttribute('height', '180')
  await expectShown(cover, 320)
  await expectShown(page.getByTestId('article-body').getByRole('img', { name: 'Describe the picture' }), 200)

  // Once the service worker controls the page, reading keeps the article, the answer and their pictures.
  await controlledByServiceWorker(page)
  const articleUrl = page.url()
  await page.reload()
  await expectShown(cover, 320)
  await expectShown(page.getByTestId('article-body').getByRole('img', { name: 'Describe the picture' }), 200)
  await page.goto('/help/center')
  const answer = page.getByTestId('help-answer').filter({ hasText: question })
  await answer.getByText(question).click()
  await expectShown(answer.getByRole('img', { name: 'The fee line' }), 120)

  await context.setOffline(true)
  try {
    await page.goto(articleUrl)
    await expect(page.getByTestId('offline-banner')).toBeVisible()
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible()
    await expectShown(page.getByTestId('article-cover'), 320)
    await expectShown(page.getByTestId('article-body').getByRole('img', { name: 'Describe the picture' }), 200)
    await page.goto('/help/center')
    const offlineAnswer = page.getByTestId('help-answer').filter({ hasText: question })
    await offlineAnswer.getByText(question).click()
    await expect(offlineAnswer.locator('strong')).toHaveText('Fees')
    await expectShown(offlineAnswer.getByRole('img', { name: 'The fee line' }), 120)
  } finally {
    await context.setOffline(false)
  }

  // Unpublished, the article's pictures leave the service worker's cache at the next read online (which the server
  // answers 404, private, no-store): the copy kept for offline reading is deleted. While published it stayed kept.
  await page.goto(articleUrl)
  await expectShown(page.getByTestId('article-cover'), 320)
  const coverSrc = new URL((await page.getByTestId('article-cover').getAttribute('src'))!, articleUrl).href
  const kept = () => page.evaluate(async (src) => Boolean(await (await caches.open('keelson-runtime-content-images')).match(src)), coverSrc)
  expect(await kept()).toBe(true)
  // The router writes the id into the address as JSON (?id="12").
  const articleId = new URL(articleUrl).searchParams.get('id')!.replaceAll('"', '')
  const unpublish = await page.request.post('/api/ops/news/publish', { headers, data: { id: articleId, published: false } })
  expect(unpublish.status(), await unpublish.text()).toBe(200)
  await expect.poll(async () => {
    await page.evaluate((src) => fetch(src).then((r) => r.status), coverSrc)
    return kept()
  }).toBe(false)
  const withdrawn = await page.request.get(coverSrc)
  expect(withdrawn.status()).toBe(404)
  expect(withdrawn.headers()['cache-control']).toBe('private, no-store')
})

test('the signed-out home lists the partners below the prices', async ({ page }) => {
  const token = await supportToken(page)
  const name = `Harbour Bank ${randomBytes(3).toString('hex')}`
  const saved = await page.request.post('/api/ops/content/savePartner', {
    headers: { Authorization: `Bearer ${token}` },
    data: { name, url: 'https://example.org/harbour', position: 0 },
  })
  expect(saved.status()).toBe(200)
  await page.goto('/')
  await skipIntro(page)
  await expect(page.getByTestId('signed-out')).toBeVisible()
  const strip = page.getByTestId('home-partners')
  await strip.scrollIntoViewIfNeeded()
  await expect(strip.getByRole('link', { name })).toHaveAttribute('href', 'https://example.org/harbour')
  await expect(strip.getByRole('heading', { name: 'Partners' })).toBeVisible()
})
