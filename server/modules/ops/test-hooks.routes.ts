// For end-to-end tests only, on the same switch as the messages' hooks (E2E_TEST_HOOKS=1, never in production):
// POST /api/test/operator creates an operator with the given roles and answers its name, password and TOTP secret,
// so a Playwright test signs in like a person with an authenticator (tests/e2e/ops-fixture.ts). The command line
// cannot do it while the e2e server runs: a PGlite data directory is open in one process only.
import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import * as z from 'zod/mini'
import type { Endpoint } from '#contract/endpoint.ts'
import { OperatorRole } from '#contract/ops.ts'
import { route } from '../../route.ts'
import { testHooksEnabled } from '../messages/test-hooks.routes.ts'
import { addOperator } from './operators.ts'

export const testOperatorApi = {
  method: 'POST',
  path: '/test/operator',
  body: z.object({ roles: z.array(OperatorRole).check(z.minLength(1)) }),
  data: z.object({ id: z.string(), name: z.string(), password: z.string(), secret: z.string() }),
  auth: false,
} as const satisfies Endpoint

export function registerOpsTestHooks(app: FastifyInstance, enabled = testHooksEnabled()) {
  if (!enabled) return
  app.log.warn('E2E test hooks are on: POST /api/test/operator')
  route(app, testOperatorApi, async ({ body }) => {
    const name = `e2e-${randomBytes(6).toString('hex')}`
    const password = randomBytes(12).toString('base64url')
    const { operator, secret } = await addOperator(app.db, { name, password, roles: body.roles }, app.conf.platformName)
    return { id: operator.id, name, password, secret }
  })
}
