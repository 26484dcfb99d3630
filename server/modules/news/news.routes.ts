// News: the readers' two public reads and the console's create/edit/publish/unpublish (audited, NEWS_WRITERS only).
import type { FastifyInstance } from 'fastify'
import { newsApi } from '#contract/news.ts'
import { opsNewsApi } from '#contract/ops-news.ts'
import { languageOf } from '../../plugins/errors.ts'
import { route } from '../../route.ts'
import { opsRoute } from '../ops/ops-route.ts'
import { articlePage, opsArticlePage, publishArticle, publishedArticle, saveArticle } from './news.service.ts'

export function registerNewsRoutes(app: FastifyInstance) {
  route(app, newsApi.articles, ({ query, request }) => articlePage(app.db, query, query.lang ?? languageOf(request)))
  route(app, newsApi.article, ({ query, request }) => publishedArticle(app.db, query.id, query.lang ?? languageOf(request)))
  opsRoute(app, opsNewsApi.articles, ({ query }) => opsArticlePage(app.db, query))
  opsRoute(app, opsNewsApi.save, ({ body, operator }) => saveArticle(app, operator, body))
  opsRoute(app, opsNewsApi.publish, ({ body, operator }) => publishArticle(app, operator, body.id, body.published))
}
