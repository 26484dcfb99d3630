import type { FastifyInstance } from 'fastify'
import { sql } from 'drizzle-orm'
import { configApi, healthApi } from '#contract/config.ts'
import { LANGUAGES } from '#contract/locales.ts'
import { route } from '../../route.ts'
import { configDefaults, configValue, latestNotice } from './config.service.ts'

export function registerConfigRoutes(app: FastifyInstance) {
  const defaults = configDefaults(app.conf)
  route(app, configApi.languageList, () => LANGUAGES.map((l) => ({ ...l })))
  route(app, configApi.configValue, ({ query }) => configValue(app.db, defaults, query.configKey))
  route(app, configApi.notice, () => latestNotice(app.db))
  // Load balancers probe often and from one address: no rate limit.
  route(
    app,
    healthApi.health,
    async () => {
      await app.db.execute(sql`SELECT 1`)
      return { ok: true as const }
    },
    { rateLimitMax: false },
  )
}
