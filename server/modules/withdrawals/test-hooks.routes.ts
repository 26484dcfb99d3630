// For end-to-end tests only, on the same switch as the messages' hooks (E2E_TEST_HOOKS=1, never in production):
// POST /api/test/liveFunds credits the signed-in user's live book through the ledger, as a deposit would, so a
// browser test can withdraw without a chain. It is never registered otherwise.
import type { FastifyInstance } from 'fastify'
import * as z from 'zod/mini'
import { PositiveDecimal, type Endpoint } from '#contract/endpoint.ts'
import { postJournal } from '../../ledger/post.ts'
import { route } from '../../route.ts'
import { testHooksEnabled } from '../messages/test-hooks.routes.ts'

const testLiveFunds = {
  method: 'POST',
  path: '/test/liveFunds',
  body: z.object({ amount: PositiveDecimal, currency: z.string() }),
  data: z.null(),
  auth: true,
  money: true,
} as const satisfies Endpoint

export function registerWithdrawalTestHooks(app: FastifyInstance, enabled = testHooksEnabled()) {
  if (!enabled) return
  app.log.warn('E2E test hooks are on: POST /api/test/liveFunds')
  route(app, testLiveFunds, async ({ user, body, idempotencyKey }) => {
    await postJournal(app.db, {
      kind: 'deposit',
      reason: 'transfer',
      idempotencyKey,
      userId: user.id,
      legs: [
        { account: { ownerId: user.id, book: 'live', kind: 'available' }, amount: body.amount, currency: body.currency },
        { account: { ownerId: null, book: 'live', kind: 'deposits_clearing' }, amount: `-${body.amount}`, currency: body.currency },
      ],
    })
    return null
  })
}
