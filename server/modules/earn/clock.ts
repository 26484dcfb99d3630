// The earn module's clock: the app's (app.now, which tests set), plus an offset that only the end-to-end test hook
// moves (test-hooks.routes.ts), so a browser test can let days pass for plans without moving the clock that
// sign-in signatures and sessions are checked against. Days are UTC calendar days.
import type { FastifyInstance } from 'fastify'

const DAY_MS = 24 * 60 * 60 * 1000
const offsets = new WeakMap<FastifyInstance, number>()

export const earnNow = (app: FastifyInstance): number => app.now() + (offsets.get(app) ?? 0)

export function advanceEarnClock(app: FastifyInstance, ms: number): void {
  offsets.set(app, (offsets.get(app) ?? 0) + ms)
}

/** The UTC day of an instant, YYYY-MM-DD. */
export const utcDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10)

/** Epoch ms of 00:00 UTC on a YYYY-MM-DD day plus `days`. */
export const dayStart = (day: string, days = 0): number => Date.parse(`${day}T00:00:00Z`) + days * DAY_MS

export { DAY_MS }
