// The e2e-only operator hook: only with E2E_TEST_HOOKS=1, and what it answers signs in.
import { afterAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { buildTestApp, call } from '../../test/helpers.ts'
import { totpCode } from './totp.ts'

const apps: FastifyInstance[] = []
afterAll(async () => Promise.all(apps.map((a) => a.close())))

describe('POST /api/test/operator', () => {
  it('creates an operator with the given roles whose details sign in, with E2E_TEST_HOOKS=1', async () => {
    process.env.E2E_TEST_HOOKS = '1'
    const app = await buildTestApp()
    delete process.env.E2E_TEST_HOOKS
    apps.push(app)
    const created = await call(app, 'POST', '/api/test/operator', { body: { roles: ['support', 'finance'] } })
    const op = created.body.data as { name: string; password: string; secret: string }
    const body = { name: op.name, password: op.password, code: totpCode(op.secret, app.now()) }
    const signedIn = await call(app, 'POST', '/api/ops/signIn', { body })
    expect(signedIn.body.data).toMatchObject({ operator: { name: op.name, roles: ['support', 'finance'] } })
    expect((await call(app, 'POST', '/api/test/operator', { body: { roles: ['root'] } })).status).toBe(400)
  })

  it('does not exist without E2E_TEST_HOOKS', async () => {
    const app = await buildTestApp()
    apps.push(app)
    expect((await call(app, 'POST', '/api/test/operator', { body: { roles: ['admin'] } })).status).toBe(404)
  })
})
