// For end-to-end tests only (POST /api/test/quote with `hold`, server/modules/orders/test-hooks.routes.ts): a symbol
// held at a quote. The built-in feed's batches (start.ts) carry the held quote for it instead of their own, so a
// browser test can move the server's price and keep it there while the app reviews an order. Nothing pins a quote
// unless that e2e-only route, registered only with E2E_TEST_HOOKS=1, asks. A held quote is simulated unless the test
// says it stands for a real feed's (`real`), which the live book needs to trade (orders.checks.ts requireRealQuote).
import type { Ticker } from '#contract/socket.ts'

type Pin = { bid: string; ask: string; simulated: boolean }
const pins = new WeakMap<object, Map<string, Pin>>()

export function pinQuote(app: object, symbol: string, bid: string, ask: string, simulated = true): void {
  const held = pins.get(app) ?? new Map<string, Pin>()
  held.set(symbol, { bid, ask, simulated })
  pins.set(app, held)
}

export function unpinQuote(app: object, symbol: string): void {
  pins.get(app)?.delete(symbol)
}

/** The batch with every held symbol at its held quote. */
export function withPins(app: object, batch: Ticker[]): Ticker[] {
  const held = pins.get(app)
  if (!held || held.size === 0) return batch
  return batch.map((t) => {
    const pin = held.get(t.symbol)
    return pin ? { ...t, ...pin } : t
  })
}
