// For end-to-end tests only, on the messages' switch (E2E_TEST_HOOKS=1, never in production). The browser tests
// written before the live-money gate trade and deposit live on a fresh server, so there the gate starts off;
// POST /api/test/legalGate { on } turns it on for the tests of the gate itself (tests/e2e/legal.spec.ts) and off again.
import type { FastifyInstance } from 'fastify'
import * as z from 'zod/mini'
import type { Endpoint } from '#contract/endpoint.ts'
import { route } from '../../route.ts'
import { testHooksEnabled } from '../messages/test-hooks.routes.ts'
import { setLegalGate } from './legal-gate.ts'

export const testLegalGateApi = {
  method: 'POST',
  path: '/test/legalGate',
  body: z.object({ on: z.boolean() }),
  data: z.object({ on: z.boolean() }),
  auth: false,
} as const satisfies Endpoint

export function registerContentTestHooks(app: FastifyInstance, enabled = testHooksEnabled()) {
  if (!enabled) return
  setLegalGate(app, false)
  route(app, testLegalGateApi, ({ body }) => (setLegalGate(app, body.on), { on: body.on }))
}
