// Pictures in content: an operator uploads an article's cover or a picture for its body (POST /api/ops/contentImage,
// re-encoded like every upload), and readers fetch it from /api/contentImage/<id> only while published content uses it.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONTENT_IMAGE_UPLOAD_PATH } from '#contract/content-image.ts'
import type { Article, ArticlePage } from '#contract/news.ts'
import type { ContentImage, OpsArticle } from '#contract/ops-news.ts'
import { serverMessages } from '#contract/server-messages.ts'
import { UPLOAD_MAX_BYTES, type Upload } from '#contract/uploads.ts'
import { buildTestApp, call, signIn } from '../../test/helpers.ts'
import { signInOperator } from '../ops/test-operators.ts'
import { GPS_MARKER, HTML, MAKER_MARKER, jpegWithGps, multipartBody, noisyJpeg, plainPng } from '../uploads/test-files.ts'

let app: FastifyInstance
let uploadDir: string
let writer: string
beforeAll(async () => {
  uploadDir = mkdtempSync(join(tmpdir(), 'keelson-content-images-'))
  app = await buildTestApp({ uploadDir })
  writer = (await signInOperator(app, ['support'])).token
})
afterAll(async () => {
  await app?.close()
  rmSync(uploadDir, { recursive: true, force: true })
})

async function uploadPicture(bytes: Buffer, token = writer, name = 'cover.jpg', fields: Record<string, string> = {}) {
  const { payload, headers } = multipartBody(fields, { name, type: 'image/jpeg', bytes })
  const res = await app.inject({ method: 'POST', url: CONTENT_IMAGE_UPLOAD_PATH, payload, headers: { ...headers, authorization: `Bearer ${token}` } })
  return { status: res.statusCode, body: res.json() as { code: number; msg: string; data: ContentImage | null } }
}

async function uploaded(bytes?: Buffer): Promise<ContentImage> {
  const res = await uploadPicture(bytes ?? (await plainPng(40, 30)))
  expect(res.status).toBe(200)
  return res.body.data!
}

const read = async (src: string) => {
  const res = await app.inject({ method: 'GET', url: src })
  return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload }
}

async function save(body: Record<string, unknown>) {
  return call(app, 'POST', '/api/ops/news/save', { token: writer, body })
}
async function article(cover: string | null, bodyMd = 'Body.', coverAlt?: string): Promise<OpsArticle> {
  const res = await save({ fallbackLang: 'en_US', cover, translations: { en_US: { title: 'With a picture', summary: '', bodyMd, coverAlt } } })
  expect(res.status).toBe(200)
  return res.body.data as OpsArticle
}
const publish = (id: string, published: boolean) => call(app, 'POST', '/api/ops/news/publish', { token: writer, body: { id, published } })

describe('POST /api/ops/contentImage', () => {
  it('stores an operator’s picture re-encoded, without its camera and GPS metadata, and answers its size', async () => {
    const picture = await uploaded(await jpegWithGps())
    // Orientation 6 turns the 64×48 photo upright.
    expect(picture).toMatchObject({ width: 48, height: 64, src: `/api/contentImage/${picture.id}` })
    const stored = await app.inject({ method: 'GET', url: `/api/ops/upload/${picture.id}`, headers: { authorization: `Bearer ${writer}` } })
    expect(stored.statusCode).toBe(200)
    expect(stored.rawPayload.includes(GPS_MARKER)).toBe(false)
    expect(stored.rawPayload.includes(MAKER_MARKER)).toBe(false)
  })

  it('refuses what is not a picture, and a picture over the size limit, with the reason', async () => {
    const html = await uploadPicture(Buffer.from(HTML), writer, 'cover.jpg')
    expect(html.status).toBe(400)
    expect(html.body.msg).toBe(serverMessages.imageFormat.message)
    const big = Buffer.concat([await noisyJpeg(16, 16), Buffer.alloc(UPLOAD_MAX_BYTES)])
    const tooLarge = await uploadPicture(big)
    expect(tooLarge.status).toBe(413)
    expect(tooLarge.body.msg).toBe('The picture is larger than 10 MB; please send a smaller one')
    expect(tooLarge.body.data).toBeNull()
  })

  it('takes the file only: a purpose field is refused', async () => {
    const res = await uploadPicture(await plainPng(8, 8), writer, 'x.png', { purpose: 'kyc' })
    expect(res.status).toBe(400)
  })

  it('answers 401 to a user’s token and 403 to an operator who does not write news', async () => {
    const user = (await signIn(app)).token
    expect((await uploadPicture(await plainPng(8, 8), user)).status).toBe(401)
    const finance = (await signInOperator(app, ['finance'])).token
    expect((await uploadPicture(await plainPng(8, 8), finance)).status).toBe(403)
  })
})

describe('GET /api/contentImage/<id>', () => {
  it('serves an article’s cover only once the article is published, with cache headers, and no longer once unpublished', async () => {
    const picture = await uploaded()
    const draft = await article(picture.id, 'Body.', 'A green square')
    expect(draft.cover).toEqual(picture)
    const hidden = await read(picture.src)
    expect(hidden.status).toBe(404)
    expect(hidden.headers['cache-control']).toBe('private, no-store')

    await publish(draft.id, true)
    const shown = await read(picture.src)
    expect(shown.status).toBe(200)
    expect(shown.headers['content-type']).toBe('image/png')
    expect(shown.headers['cache-control']).toBe('public, no-cache')
    expect(shown.headers['x-content-type-options']).toBe('nosniff')
    expect(shown.headers.etag).toMatch(/^"[0-9a-f]{64}"$/)
    expect(shown.bytes.subarray(1, 4).toString()).toBe('PNG')
    // A browser asks again before each use: a 304 without the bytes while it is published.
    const again = await app.inject({ method: 'GET', url: picture.src, headers: { 'if-none-match': shown.headers.etag as string } })
    expect(again.statusCode).toBe(304)
    expect(again.rawPayload.length).toBe(0)
    expect(again.headers['cache-control']).toBe('public, no-cache')

    const res = await call(app, 'GET', `/api/getArticles?id=${draft.id}`)
    expect((res.body.data as Article).cover).toEqual({ src: picture.src, width: 40, height: 30, alt: 'A green square' })
    const list = (await call(app, 'GET', '/api/getAllInformation?size=100')).body.data as ArticlePage
    expect(list.list.find((a) => a.id === draft.id)?.cover).toEqual({ src: picture.src, width: 40, height: 30, alt: 'A green square' })

    await publish(draft.id, false)
    const revalidated = await app.inject({ method: 'GET', url: picture.src, headers: { 'if-none-match': shown.headers.etag as string } })
    expect(revalidated.statusCode).toBe(404)
    const withdrawn = await read(picture.src)
    expect(withdrawn.status).toBe(404)
    expect(withdrawn.headers['cache-control']).toBe('private, no-store')
    expect(withdrawn.headers.etag).toBeUndefined()
  })

  it('gives the title as the cover’s text alternative when the operator wrote none', async () => {
    const picture = await uploaded()
    const saved = await article(picture.id)
    await publish(saved.id, true)
    const res = await call(app, 'GET', `/api/getArticles?id=${saved.id}`)
    expect((res.body.data as Article).cover?.alt).toBe('With a picture')
  })

  it('serves a picture in a published article’s body, which the body shows', async () => {
    const picture = await uploaded()
    const saved = await article(null, `Look:\n\n![The chart](${picture.src})`)
    expect((await read(picture.src)).status).toBe(404)
    await publish(saved.id, true)
    expect((await read(picture.src)).status).toBe(200)
    const res = await call(app, 'GET', `/api/getArticles?id=${saved.id}`)
    expect((res.body.data as Article).html).toContain(`<img src="${picture.src}" alt="The chart" />`)
  })

  it('answers 404 for an unknown id, a malformed one and a user’s own picture, which can never be a cover', async () => {
    expect((await read('/api/contentImage/0a0b0c0d-1111-4222-8333-444455556666')).status).toBe(404)
    expect((await read('/api/contentImage/not-a-picture')).status).toBe(404)
    const { payload, headers } = multipartBody({ purpose: 'kyc' }, { name: 'id.png', type: 'image/png', bytes: await plainPng(20, 20) })
    const user = (await signIn(app)).token
    const kyc = await app.inject({ method: 'POST', url: '/api/imgUpload', payload, headers: { ...headers, authorization: `Bearer ${user}` } })
    const userPicture = (kyc.json() as { data: Upload }).data
    expect((await read(`/api/contentImage/${userPicture.id}`)).status).toBe(404)
    const refused = await save({ fallbackLang: 'en_US', cover: userPicture.id, translations: { en_US: { title: 'Stolen', summary: '', bodyMd: 'x' } } })
    expect(refused.status).toBe(400)
    expect(refused.body.msg).toBe(serverMessages.coverNotFound.message)
  })
})
