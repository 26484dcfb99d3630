import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { buildTestApp } from '../../test/helpers.ts'
import { setConfigValue } from './config.service.ts'

describe('web app manifest', () => {
  let app: FastifyInstance
  beforeAll(async () => {
    const staticDir = mkdtempSync(join(tmpdir(), 'keelson-manifest-'))
    mkdirSync(join(staticDir, 'assets'))
    writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Keelson</title>')
    writeFileSync(join(staticDir, 'manifest.webmanifest'), JSON.stringify({ name: 'Keelson', short_name: 'Keelson', display: 'standalone' }))
    // Its own in-memory database: the platform name set here must not leak into tests sharing PostgreSQL.
    app = await buildTestApp({ staticDir, databaseUrl: undefined, platformName: 'Harbour' })
  })
  afterAll(() => app.close())

  it('names the app after the platform setting and keeps the rest of the build', async () => {
    const res = await app.inject({ method: 'GET', url: '/manifest.webmanifest' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('application/manifest+json')
    expect(res.json()).toMatchObject({ name: 'Harbour', short_name: 'Harbour', display: 'standalone' })
  })

  it('follows a platform name the operator sets later', async () => {
    await setConfigValue(app.db, 'platformName', 'Keelson Markets')
    expect((await app.inject({ method: 'GET', url: '/manifest.webmanifest' })).json()).toMatchObject({ name: 'Keelson Markets', short_name: 'Keelson' })
  })
})
