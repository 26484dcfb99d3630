// The content endpoints (src/contract/content.ts) and the console's (src/contract/ops-content.ts).
import type { FastifyInstance } from 'fastify'
import { contentApi } from '#contract/content.ts'
import { opsContentApi as ops } from '#contract/ops-content.ts'
import { languageOf } from '../../plugins/errors.ts'
import { route } from '../../route.ts'
import { opsRoute } from '../ops/ops-route.ts'
import { documentOf, helpText, partnerList, publishedDocuments, readerLanguage } from './content.service.ts'
import { opsDocuments, opsHelp, opsPartners, publishDocument, removeHelpAnswer, removePartner, saveHelpAnswer, savePartner } from './content.ops.ts'
import { acceptDocuments, legalStatus } from './legal-gate.ts'

export function registerContentRoutes(app: FastifyInstance) {
  const lang = (request: Parameters<typeof languageOf>[0]) => readerLanguage(languageOf(request))
  // Every answer varies with Language (plugins/security.ts): the service worker keeps one copy per language.
  route(app, contentApi.documents, ({ request }) => publishedDocuments(app.db, lang(request)))
  route(app, contentApi.document, ({ query, request }) => documentOf(app.db, query.type, lang(request)))
  route(app, contentApi.text, ({ query, request }) => helpText(app.db, query, lang(request)))
  route(app, contentApi.partners, () => partnerList(app.db))
  route(app, contentApi.legalStatus, ({ user, request }) => legalStatus(app.db, user.id, lang(request)))
  route(app, contentApi.accept, ({ user, body, request }) => acceptDocuments(app.db, user.id, body, lang(request)))

  const now = () => new Date(app.now())
  opsRoute(app, ops.documents, () => opsDocuments(app.db))
  opsRoute(app, ops.publishDocument, ({ body, operator }) => publishDocument(app.db, operator, body, now()))
  opsRoute(app, ops.help, () => opsHelp(app.db))
  opsRoute(app, ops.saveHelpAnswer, ({ body, operator }) => saveHelpAnswer(app.db, operator, body, now()))
  opsRoute(app, ops.removeHelpAnswer, ({ body, operator }) => removeHelpAnswer(app.db, operator, body.id))
  opsRoute(app, ops.partners, () => opsPartners(app.db))
  opsRoute(app, ops.savePartner, ({ body, operator }) => savePartner(app.db, operator, body))
  opsRoute(app, ops.removePartner, ({ body, operator }) => removePartner(app.db, operator, body.id))
}
