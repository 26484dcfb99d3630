import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LANGUAGES } from '#contract/locales.ts'
import { buildTestApp, call } from '../../test/helpers.ts'
import { clearNotices, publishNotice, setConfigValue } from './config.service.ts'

let app: FastifyInstance
beforeAll(async () => {
  app = await buildTestApp({ platformName: 'Keelson Test', serverTzOffset: 480 })
})
afterAll(() => app?.close())

describe('GET /api/queryLanguageList', () => {
  it('lists the 16 languages with their codes and BCP 47 tags', async () => {
    const res = await call(app, 'GET', '/api/queryLanguageList')
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual(LANGUAGES)
    expect(res.body.data).toHaveLength(16)
  })

  it('refuses a POST with 404', async () => {
    expect((await call(app, 'POST', '/api/queryLanguageList', { body: {} })).status).toBe(404)
  })
})

describe('GET /api/getConfigValue', () => {
  it('answers the environment defaults for the platform name and timezone offset', async () => {
    // Only when the operator has not set them: the shared test database may carry an earlier value.
    await setConfigValue(app.db, 'platformName', null)
    const name = await call(app, 'GET', '/api/getConfigValue?configKey=platformName')
    expect(name.body).toEqual({ code: 200, msg: 'success', data: { configKey: 'platformName', value: 'Keelson Test' } })
    await setConfigValue(app.db, 'serverTimezoneOffset', null)
    const tz = await call(app, 'GET', '/api/getConfigValue?configKey=serverTimezoneOffset')
    expect(tz.body.data).toEqual({ configKey: 'serverTimezoneOffset', value: '480' })
  })

  it('answers null for an unset licence, then what the operator set', async () => {
    await setConfigValue(app.db, 'licence', null)
    const unset = await call(app, 'GET', '/api/getConfigValue?configKey=licence')
    expect(unset.body.data).toEqual({ configKey: 'licence', value: null })
    await setConfigValue(app.db, 'licence', 'Regulated by nobody: this is a demo.')
    const set = await call(app, 'GET', '/api/getConfigValue?configKey=licence')
    expect(set.body.data).toEqual({ configKey: 'licence', value: 'Regulated by nobody: this is a demo.' })
    await setConfigValue(app.db, 'licence', null)
  })

  it.each([
    ['an unknown key', '?configKey=databasePassword'],
    ['no key', ''],
    ['the key twice', '?configKey=licence&configKey=platformName'],
  ])('answers 400 for %s', async (_name, query) => {
    const res = await call(app, 'GET', `/api/getConfigValue${query}`)
    expect(res.body).toEqual({ code: 400, msg: 'Invalid input: configKey', data: null })
  })
})

describe('GET /api/getNotice', () => {
  it('answers null without an active notice, else the latest one', async () => {
    await clearNotices(app.db)
    expect((await call(app, 'GET', '/api/getNotice')).body).toEqual({ code: 200, msg: 'success', data: null })
    await publishNotice(app.db, 'Old', '<p>old</p>')
    const latest = await publishNotice(app.db, 'Maintenance', '<p>Sunday 02:00</p>')
    const res = await call(app, 'GET', '/api/getNotice')
    expect(res.body.data).toEqual({ id: latest.id, noticeTitle: 'Maintenance', noticeContent: '<p>Sunday 02:00</p>' })
    await clearNotices(app.db)
    expect((await call(app, 'GET', '/api/getNotice')).body.data).toBeNull()
  })

  it('ignores query input it does not take', async () => {
    expect((await call(app, 'GET', '/api/getNotice?id=1%27%20OR%201=1')).status).toBe(200)
  })
})

describe('GET /api/health', () => {
  it('answers 200 when the database is reachable, uncached', async () => {
    const res = await call(app, 'GET', '/api/health')
    expect(res.body).toEqual({ code: 200, msg: 'success', data: { ok: true } })
    expect(res.headers['cache-control']).toBe('no-store')
  })
})
