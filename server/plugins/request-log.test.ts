import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { buildTestApp, signIn } from '../test/helpers.ts'

type Line = { reqId?: string; msg: string; url?: string; status?: number; refused?: string }

const lines: Line[] = []
let app: FastifyInstance
beforeAll(async () => {
  // A logger writing into this test: AppOptions names levels only, but buildApp hands any logger option to Fastify.
  const logger = { level: 'info', stream: { write: (line: string) => void lines.push(JSON.parse(line) as Line) } }
  app = await buildTestApp({ logger: logger as unknown as string })
})
afterAll(() => app?.close())

const linesOf = (reqId: string) => lines.filter((l) => l.reqId === reqId)

describe('the request log', () => {
  it('writes one line per request, with the path but not the query string', async () => {
    const { token } = await signIn(app)
    const res = await app.inject({ url: '/api/getBalance?secret=1', headers: { authorization: token, 'x-request-id': 'log-test-1' } })
    expect(res.statusCode).toBe(200)
    expect(linesOf('log-test-1')).toEqual([expect.objectContaining({ msg: 'request', url: '/api/getBalance', status: 200 })])
  })

  it('says why a request was refused on that same line, also for a URL that could not be routed', async () => {
    await app.inject({ url: '/api/getBalance', headers: { 'x-request-id': 'log-test-2' } })
    expect(linesOf('log-test-2')).toEqual([expect.objectContaining({ status: 401, refused: 'unauthorized' })])
    await app.inject({ url: '/api/%ff', headers: { 'x-request-id': 'log-test-3' } })
    expect(linesOf('log-test-3')).toEqual([expect.objectContaining({ status: 400, refused: 'FST_ERR_BAD_URL' })])
  })
})
