// For end-to-end tests only, on the messages' switch (E2E_TEST_HOOKS=1, never in production): POST
// /api/test/liabilitySnapshot publishes a snapshot now, as the daily job would, so a browser test can open its proof at
// once. A day publishes once, and the browser tests of one run share a server, so each call takes the first day
// without a snapshot (today, then the days after it); the app shows the newest snapshot whatever its day.
// POST /api/test/liabilityPrune prunes the proofs of every snapshot but the newest, as the retention job
// (liabilities.prune.ts) does once they are past LIABILITY_PROOF_RETENTION_DAYS.
import type { FastifyInstance } from 'fastify'
import { sql } from 'drizzle-orm'
import * as z from 'zod/mini'
import type { Endpoint } from '#contract/endpoint.ts'
import { route } from '../../route.ts'
import { testHooksEnabled } from '../messages/test-hooks.routes.ts'
import { pruneLiabilityProofs } from './liabilities.prune.ts'
import { DAY_MS, dayOf, publishSnapshot } from './liabilities.snapshot.ts'

const testLiabilitySnapshot = {
  method: 'POST',
  path: '/test/liabilitySnapshot',
  data: z.object({ id: z.number(), root: z.string(), leafCount: z.number() }),
  auth: true,
} as const satisfies Endpoint

const testLiabilityPrune = {
  method: 'POST',
  path: '/test/liabilityPrune',
  data: z.object({ pruned: z.array(z.number()) }),
  auth: true,
} as const satisfies Endpoint

export function registerLiabilityTestHooks(app: FastifyInstance, enabled = testHooksEnabled()) {
  if (!enabled) return
  app.log.warn('E2E test hooks are on: POST /api/test/liabilitySnapshot, POST /api/test/liabilityPrune')
  route(app, testLiabilitySnapshot, async () => {
    const now = app.now()
    const { rows } = (await app.db.execute(sql`
      SELECT greatest(max(day) + 1, ${dayOf(now)}::date)::text AS day FROM liability_snapshots`)) as unknown as { rows: { day: string | null }[] }
    const published = await publishSnapshot(app.db, now, rows[0]?.day ?? dayOf(now))
    if (!published) throw new Error('a snapshot was published for that day meanwhile')
    return { id: published.id, root: published.root, leafCount: published.leafCount }
  })
  // Snapshots take days after today (above): a clock past all of them, and no retention, leaves only the newest.
  route(app, testLiabilityPrune, async () => {
    const pruned: number[] = []
    const later = app.now() + 100 * 365 * DAY_MS
    for (let more = await pruneLiabilityProofs(app.db, later, 0); more.length > 0; more = await pruneLiabilityProofs(app.db, later, 0)) pruned.push(...more)
    return { pruned }
  })
}
