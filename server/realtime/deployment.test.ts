// Deployments sharing one Redis: by default each hears only its own database's events, and a DEPLOYMENT_NAME already
// used by a deployment on another database is refused at start. Two in-memory PGlite databases stand for two
// deployments' databases; the Redis is the real one (REDIS_URL).
import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { buildTestApp } from '../test/helpers.ts'
import type { SessionEvent } from './hub.ts'

const redisUrl = process.env.REDIS_URL
const apps: FastifyInstance[] = []
/** An app on a database of its own (a fresh in-memory PGlite) and the shared Redis. */
async function deployment(deploymentName?: string) {
  const app = await buildTestApp({ databaseUrl: undefined, redisUrl, tickMs: 0, deploymentName })
  apps.push(app)
  return app
}
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()))
})

describe.skipIf(!redisUrl)('deployments on one Redis', () => {
  it('keep apart without DEPLOYMENT_NAME: a deployment on another database does not hear the events of this one', async () => {
    const [staging, production] = await Promise.all([deployment(), deployment()])
    const heard: SessionEvent[] = []
    let echoed = () => {}
    const markerEchoed = new Promise<void>((resolve) => (echoed = resolve))
    production.hub.onSessionEvent((event) => {
      heard.push(event)
      // Once locally, then again from Redis.
      if (heard.filter((e) => 'userChanged' in e && e.userChanged === 'production-marker').length === 2) echoed()
    })
    await staging.hub.userChanged('from-staging')
    // Redis delivers one subscriber's messages in the order it received them: staging's came first.
    await production.hub.userChanged('production-marker')
    await markerEchoed
    expect(heard.filter((e) => 'userChanged' in e && e.userChanged === 'from-staging')).toEqual([])
  }, 120_000)

  it('refuses to start with a DEPLOYMENT_NAME that a deployment on another database uses', async () => {
    const name = `shared-${randomUUID().slice(0, 8)}`
    await deployment(name)
    await expect(deployment(name)).rejects.toThrow(`DEPLOYMENT_NAME "${name}" is used on this Redis by a deployment on another database`)
  }, 120_000)
})
