// The web app manifest carries the operator's platform name (getConfigValue platformName), so the name under the
// home-screen icon is the platform's, not the build's. Everything else comes from the built manifest.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { configValue } from './config.service.ts'

export function registerManifestRoute(app: FastifyInstance, staticDir: string | undefined) {
  const file = staticDir ? join(staticDir, 'manifest.webmanifest') : ''
  if (!file || !existsSync(file)) return
  const built = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>
  app.get('/manifest.webmanifest', async (_request, reply) => {
    const { value } = await configValue(app.db, { platformName: app.conf.platformName }, 'platformName')
    const name = value || String(built.name)
    reply.header('content-type', 'application/manifest+json; charset=utf-8').header('cache-control', 'no-cache')
    return { ...built, name, short_name: name.length <= 12 ? name : built.short_name }
  })
}
