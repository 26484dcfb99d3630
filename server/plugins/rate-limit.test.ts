import { describe, expect, it } from 'vitest'
import { buildTestApp, call, newWallet, signedPayload } from '../test/helpers.ts'

describe('rate limits', () => {
  it('throttles sign-in harder than the rest of the API, in the envelope', async () => {
    const app = await buildTestApp({ rateLimit: { max: 1000, signInMax: 2 } })
    try {
      const statuses: number[] = []
      let last
      for (let i = 0; i < 4; i++) {
        last = await call(app, 'POST', '/api/checkSign', { body: await signedPayload(newWallet()) })
        statuses.push(last.status)
      }
      // With Redis the counter is shared with other test files, so only the tail is certain.
      expect(statuses.slice(2)).toEqual([429, 429])
      expect(last!.body).toEqual({ code: 429, msg: 'Too many requests, please try again shortly', data: null })
      expect((await call(app, 'GET', '/api/queryLanguageList')).status).toBe(200)
      expect((await call(app, 'GET', '/api/health')).status).toBe(200)
    } finally {
      await app.close()
    }
  })
})
