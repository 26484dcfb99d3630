// News: the readers' two public reads, the pictures published content uses (GET /api/contentImage/<id>) and the
// console's create/edit/publish/unpublish (audited, NEWS_WRITERS only). Operators upload pictures in modules/uploads.
import type { FastifyInstance } from 'fastify'
import { CONTENT_IMAGE_MAX_AGE_S, CONTENT_IMAGE_PREFIX } from '#contract/content-image.ts'
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
  // same 404. Browsers and the service worker may keep it (an id's bytes never change); unpublishing stops new reads.
  app.route({
    method: 'GET',
    url: `${CONTENT_IMAGE_PREFIX}:id`,
    config: { rateLimit: { max: app.conf.rateLimit.max, timeWindow: app.conf.rateLimit.timeWindowMs } },
    handler: async (request, reply) => {
      const { id } = request.params as { id: string }
      const row = await publishedContentImage(app.db, id)
      const bytes = row ? await app.uploads.get(row.id) : null
      if (!row || !bytes) throw new AppError(404, 'uploadNotFound')
      return sendPicture(reply.header('cache-control', `public, max-age=${CONTENT_IMAGE_MAX_AGE_S}`).header('etag', `"${row.sha256}"`), row, bytes)
    },
  })
  opsRoute(app, opsNewsApi.articles, ({ query }) => opsArticlePage(app.db, query))
  opsRoute(app, opsNewsApi.save, ({ body, operator }) => saveArticle(app, operator, body))
  opsRoute(app, opsNewsApi.publish, ({ body, operator }) => publishArticle(app, operator, body.id, body.published))
}
