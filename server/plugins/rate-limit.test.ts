import { randomUUID } from 'node:crypto'
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

  it.skipIf(!process.env.REDIS_URL)('keeps the counters of two deployments on one Redis apart', async () => {
    const run = randomUUID().slice(0, 8)
    const limits = { rateLimit: { max: 1000, signInMax: 2 } }
    const [blue, green] = await Promise.all([
      buildTestApp({ ...limits, deploymentName: `blue-${run}` }),
      buildTestApp({ ...limits, deploymentName: `green-${run}` }),
    ])
    try {
      const signInStatus = async (app: typeof blue) =>
        (await call(app, 'POST', '/api/checkSign', { body: await signedPayload(newWallet()) })).status
      for (let i = 0; i < 2; i++) expect(await signInStatus(blue)).toBe(200)
      expect(await signInStatus(blue)).toBe(429)
      // The same client (inject's address) still has green's whole allowance.
      expect(await signInStatus(green)).toBe(200)
    } finally {
      await Promise.all([blue.close(), green.close()])
    }
  })
})
