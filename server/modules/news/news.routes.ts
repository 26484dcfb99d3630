// News: the readers' two public reads, the pictures published content uses (GET /api/contentImage/<id>) and the
// console's create/edit/publish/unpublish (audited, NEWS_WRITERS only). Operators upload pictures in modules/uploads.
import type { FastifyInstance } from 'fastify'
import { CONTENT_IMAGE_CACHE_CONTROL, CONTENT_IMAGE_PREFIX } from '#contract/content-image.ts'
import { AppError } from '../../app-error.ts'
import { newsApi } from '#contract/news.ts'
import { opsNewsApi } from '#contract/ops-news.ts'
import { languageOf } from '../../plugins/errors.ts'
import { route } from '../../route.ts'
import { opsRoute } from '../ops/ops-route.ts'
import { sendPicture } from '../uploads/uploads.routes.ts'
import { articlePage, opsArticlePage, publishArticle, publishedArticle, publishedContentImage, saveArticle } from './news.service.ts'

export function registerNewsRoutes(app: FastifyInstance) {
  route(app, newsApi.articles, ({ query, request }) => articlePage(app.db, query, query.lang ?? languageOf(request)))
  route(app, newsApi.article, ({ query, request }) => publishedArticle(app.db, query.id, query.lang ?? languageOf(request)))
  // Anyone may fetch a picture published content uses; anything else (unknown id, a user's picture, a draft's) is the
  // same 404 (private, no-store). Browsers and the service worker keep it, but browsers ask again before each use (a
  // 304 while it is published, from its etag), so unpublishing stops every read and the service worker drops its copy.
  app.route({
    method: 'GET',
    url: `${CONTENT_IMAGE_PREFIX}:id`,
    config: { rateLimit: { max: app.conf.rateLimit.max, timeWindow: app.conf.rateLimit.timeWindowMs } },
    handler: async (request, reply) => {
      const { id } = request.params as { id: string }
      const row = await publishedContentImage(app.db, id)
      if (!row) throw new AppError(404, 'uploadNotFound')
      const etag = `"${row.sha256}"`
      void reply.header('cache-control', CONTENT_IMAGE_CACHE_CONTROL).header('etag', etag)
      if (request.headers['if-none-match'] === etag) return reply.code(304).send()
      const bytes = await app.uploads.get(row.id)
      if (!bytes) throw new AppError(404, 'uploadNotFound')
      return sendPicture(reply, row, bytes)
    },
  })
  opsRoute(app, opsNewsApi.articles, ({ query }) => opsArticlePage(app.db, query))
  opsRoute(app, opsNewsApi.save, ({ body, operator }) => saveArticle(app, operator, body))
  opsRoute(app, opsNewsApi.publish, ({ body, operator }) => publishArticle(app, operator, body.id, body.published))
}
