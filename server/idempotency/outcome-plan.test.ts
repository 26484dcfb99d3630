// Storing an outcome probes its key, however young the table was when the plan was made
// (0050_named_plans_that_grow.sql). PostgreSQL keeps a statement's generic plan until an ANALYZE of its table: the
// outcomes' update, planned as a join while idempotency_keys held a few rows, read the whole table (or the whole of
// its primary key) on every batch of orders until the first ANALYZE.
import { randomUUID } from 'node:crypto'
import { sql, TransactionRollbackError } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterEach, expect, it } from 'vitest'
import { buildTestApp, pagesRead, signIn } from '../test/helpers.ts'
import { insertClaims } from './store.ts'
import { userIdOf } from './test-endpoints.ts'

let app: FastifyInstance | undefined
afterEach(() => app?.close())

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows

it('stores an outcome reading a few pages, with the plan made when the table was small and 20 000 keys since', async () => {
  app = await buildTestApp()
  const { wallet } = await signIn(app)
  const userId = await userIdOf(app, wallet.address)
  const at = new Date().toISOString()
  const claim = (key: string) => ({ user_id: userId, endpoint: 'plan-test', key, attempt: randomUUID(), status_code: 200, data: { ok: true }, at })
  const insert = (tx: Parameters<typeof insertClaims>[0], rows: ReturnType<typeof claim>[]) =>
    insertClaims(tx, rows.map((r) => ({ user_id: r.user_id, endpoint: r.endpoint, key: r.key, fingerprint: 'a'.repeat(64), attempt: r.attempt, at: r.at })))
  const store = (rows: ReturnType<typeof claim>[]) => sql`SELECT stored::text FROM idempotency_store_outcomes(${JSON.stringify(rows)}::jsonb)`

  // One connection throughout (PostgreSQL's plans are per connection), rolled back at the end: a shared database keeps
  // none of the test's keys, so the next run's table is as young as this one's.
  let plan: { pages: number; state: string } | undefined
  const run = app.db.transaction(async (tx) => {
    // Ten batches while this user's keys are few: PL/pgSQL settles on a generic plan after five.
    for (let i = 0; i < 10; i++) {
      const rows = [claim(`small-${i}-a`), claim(`small-${i}-b`)]
      await insert(tx, rows)
      expect(rowsOf<{ stored: string }>(await tx.execute(store(rows))).map((r) => r.stored)).toEqual(rows.map((r) => r.attempt))
    }
    await tx.execute(sql`
      INSERT INTO idempotency_keys (user_id, endpoint, key, fingerprint, attempt, claimed_at, created_at)
        SELECT ${userId}::uuid, 'plan-test', 'grown-' || n, repeat('a', 64), gen_random_uuid(), now(), now()
        FROM generate_series(1, 20000) AS n`)
    const last = claim('last')
    await insert(tx, [last])
    const pages = await pagesRead(tx, store([last]))
    const stored = rowsOf<{ state: string }>(await tx.execute(sql`SELECT state FROM idempotency_keys WHERE user_id = ${userId}::uuid AND endpoint = 'plan-test' AND key = 'last'`))
    plan = { pages, state: stored[0]!.state }
    tx.rollback()
  })
  await expect(run).rejects.toBeInstanceOf(TransactionRollbackError)
  expect(plan!.state).toBe('done')
  // A probe of the primary key is a handful of pages; the whole table or index is hundreds.
  expect(plan!.pages).toBeLessThan(60)
})
