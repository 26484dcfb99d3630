// For end-to-end tests only, on the same switch as the messages' hooks (E2E_TEST_HOOKS=1, never in production):
// POST /api/test/quote publishes one quote through the bus, as a feed would, and answers once the order engine has
// acted on it. A browser test can then cross a pending order's price, a TP or an SL on purpose instead of waiting for
// the simulator's random walk (its next tick moves the price on from where it was, unless `hold` pins it). `real`: the
// quote stands for a real feed's, so the live book may trade on it (orders.checks.ts requireRealQuote).
import type { FastifyInstance } from 'fastify'
import * as z from 'zod/mini'
import { PositiveDecimal, type Endpoint } from '#contract/endpoint.ts'
import { Symbol } from '#contract/markets.ts'
import { engineOf } from '../../market/engine/engine.ts'
import { pinQuote, unpinQuote } from '../../market/quote-pins.ts'
import { route } from '../../route.ts'
import { testHooksEnabled } from '../messages/test-hooks.routes.ts'

export const testQuoteApi = {
  method: 'POST',
  path: '/test/quote',
  /** `hold`: the feed's own ticks keep this quote for the symbol until a call without it (quote-pins.ts). */
  body: z.object({ symbol: Symbol, bid: PositiveDecimal, ask: PositiveDecimal, hold: z.optional(z.boolean()), real: z.optional(z.boolean()) }),
  data: z.null(),
  auth: true,
} as const satisfies Endpoint

export function registerOrderTestHooks(app: FastifyInstance, enabled = testHooksEnabled()) {
  if (!enabled) return
  app.log.warn('E2E test hooks are on: POST /api/test/quote')
  route(app, testQuoteApi, async ({ body }) => {
    const simulated = body.real !== true
    if (body.hold) pinQuote(app, body.symbol, body.bid, body.ask, simulated)
    else unpinQuote(app, body.symbol)
    await app.hub.publishTickers([{ symbol: body.symbol, bid: body.bid, ask: body.ask, time: app.now(), simulated }])
    // The in-process bus delivers before this resolves; on Redis the engine hears it a moment later.
    await new Promise((resolve) => setTimeout(resolve, 50))
    await engineOf(app)?.idle()
    return null
  })
}
