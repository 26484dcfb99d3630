// For end-to-end tests only, on the same switch as the messages' hooks (E2E_TEST_HOOKS=1, never in production):
// POST /api/test/earn/advance moves the earn clock (clock.ts) on by whole days and runs the daily accrual, as the
// leader would after those days (Smart plans and node staking), and answers what it credited. Only plans' days move: sign-in and sessions keep the
// real clock.
import type { FastifyInstance } from 'fastify'
import * as z from 'zod/mini'
import type { Endpoint } from '#contract/endpoint.ts'
import { route } from '../../route.ts'
import { testHooksEnabled } from '../messages/test-hooks.routes.ts'
import { runStakingAccrual } from '../staking/staking.accrual.ts'
import { runAccrual } from './accrual.ts'
import { advanceEarnClock, DAY_MS } from './clock.ts'

export const testEarnAdvanceApi = {
  method: 'POST',
  path: '/test/earn/advance',
  body: z.object({ days: z.int().check(z.gte(0), z.lte(3650)) }),
  data: z.object({ credited: z.int() }),
  auth: true,
} as const satisfies Endpoint

export function registerEarnTestHooks(app: FastifyInstance, enabled = testHooksEnabled()) {
  if (!enabled) return
  app.log.warn('E2E test hooks are on: POST /api/test/earn/advance')
  route(app, testEarnAdvanceApi, async ({ body }) => {
    advanceEarnClock(app, body.days * DAY_MS)
    const { credited } = await runAccrual(app)
    // Node staking's rewards follow the same clock (server/modules/staking).
    const staking = await runStakingAccrual(app)
    return { credited: credited + staking.credited }
  })
}
