// npm run bench:accrual — one day's accrual of Smart plans (server/modules/earn/accrual.ts) for BENCH_PLANS open plans
// (1 000 000 by default) on PostgreSQL (DATABASE_URL; PGlite when unset, for a small trial only), then a second run
// the same day, which must post nothing. The plans are seeded set-based in SQL: users, their accounts, one seeding
// journal (principal into each user's earn account and the earmark into the live reserve, from deposits_clearing),
// and one running purchase each, all due for their first day. Prints the seeding time, the first run's time and
// credits, the second run's, and the reconciliation; first, the console's "due by date" over those plans
// (server/modules/earn/earn.due.ts: one pass over the plans, not plans × days). Env: BENCH_PLANS.
// BENCH_PRODUCT=staking does the same for node staking's active pledges (server/modules/staking/staking.accrual.ts),
// whose step passes the due pledges through the server's code to the ledger: try 100 000, not a million.
import { performance } from 'node:perf_hooks'
import { sql } from 'drizzle-orm'
import { openDb } from '../server/db/client.ts'
import { migrateDb } from '../server/db/migrate.ts'
import { reconcileBooks } from '../server/modules/orders/orders.subledger.ts'
import { accrue } from '../server/modules/earn/accrual.ts'
import { dueByDate } from '../server/modules/earn/earn.due.ts'
import { stakingStep } from '../server/modules/staking/staking.accrual.ts'

const STAKING = process.env.BENCH_PRODUCT === 'staking'
const PLANS = Number(process.env.BENCH_PLANS ?? (STAKING ? 100_000 : 1_000_000))
/** The user's account that holds the principal. */
const HOLDS = STAKING ? 'staking' : 'earn'
const [PRINCIPAL, DAILY, DAYS] = [1000, 12, 30]
// Purchases made on 2031-03-01 (a day no test uses); the bench runs the accrual at noon the next day.
const START_DAY = '2031-03-01'
const NOW = Date.parse('2031-03-02T12:00:00Z')

const handle = await openDb({ url: process.env.DATABASE_URL || undefined, poolMax: 4 })
await migrateDb(handle)
const { db } = handle
const ms = (since: number) => `${((performance.now() - since) / 1000).toFixed(2)} s`

let started = performance.now()
await db.transaction(async (tx) => {
  await tx.execute(sql`CREATE TEMP TABLE bench_users ON COMMIT DROP AS
    WITH made AS (
      INSERT INTO users (address)
      SELECT '0x' || md5(random()::text || g::text) || substr(md5(g::text || clock_timestamp()::text), 1, 8) FROM generate_series(1, ${PLANS}) AS g
      RETURNING id
    ) SELECT id FROM made`)
  await tx.execute(sql`INSERT INTO accounts (owner_id, currency, book, kind)
    SELECT id, 'USDT', 'live', k FROM bench_users CROSS JOIN (VALUES ('available'), (${HOLDS})) AS kinds(k)`)
  await tx.execute(sql`INSERT INTO accounts (owner_id, currency, book, kind, shard)
    SELECT NULL, 'USDT', 'live', k, 0 FROM (VALUES ('earn_earmarked'), ('deposits_clearing')) AS kinds(k) ON CONFLICT DO NOTHING`)
  const [product] = (
    (STAKING
      ? await tx.execute(sql`INSERT INTO staking_activities (names, currency, agreed_amount, bonus, days, daily_rate, exit_share, status, created_at, updated_at)
          VALUES ('{"en_US":"Bench"}', 'USDT', 1, 0, ${DAYS}, ${DAILY / PRINCIPAL}, 0.1, 'active', 0, 0) RETURNING id`)
      : await tx.execute(sql`INSERT INTO earn_plans (names, currency, days, min_amount, max_amount, daily_rate, exit_share, status, created_at, updated_at)
          VALUES ('{"en_US":"Bench"}', 'USDT', ${DAYS}, 1, 1000000, ${DAILY / PRINCIPAL}, 0.1, 'active', 0, 0) RETURNING id`)) as unknown as { rows: { id: string }[] }
  ).rows
  const key = `bench-accrual-seed:${Date.now()}`
  await tx.execute(sql`INSERT INTO journals (kind, reason, idempotency_key) VALUES ('transfer', 'transfer', ${key})`)
  const earmark = DAILY * DAYS
  // One entry per user's earn account, then the reserve's earmark and the clearing account that pays for both.
  await tx.execute(sql`
    WITH j AS (SELECT id FROM journals WHERE idempotency_key = ${key}),
    legs AS (
      SELECT 1 AS n, a.id AS account_id, ${PRINCIPAL}::numeric AS amount FROM accounts a JOIN bench_users u ON a.owner_id = u.id WHERE a.kind = ${HOLDS}
      UNION ALL SELECT 2, id, ${PLANS * earmark}::numeric FROM accounts WHERE owner_id IS NULL AND book = 'live' AND currency = 'USDT' AND kind = 'earn_earmarked' AND shard = 0
      UNION ALL SELECT 3, id, ${-PLANS * (PRINCIPAL + earmark)}::numeric FROM accounts WHERE owner_id IS NULL AND book = 'live' AND currency = 'USDT' AND kind = 'deposits_clearing' AND shard = 0
    )
    INSERT INTO entries (journal_id, account_id, amount, currency, balance_after)
    SELECT j.id, l.account_id, l.amount, 'USDT', a.balance + l.amount FROM legs l CROSS JOIN j JOIN accounts a ON a.id = l.account_id ORDER BY l.n`)
  if (STAKING) {
    await tx.execute(sql`INSERT INTO staking_pledges (user_id, activity_id, book, currency, principal, agreed_amount, bonus, days, daily_rate, daily, exit_share, earmark, status, start_day, created_at, applied_at)
      SELECT id, ${product!.id}, 'live', 'USDT', ${PRINCIPAL}, 1, 0, ${DAYS}, ${DAILY / PRINCIPAL}, ${DAILY}, 0.1, ${earmark}, 'active', ${START_DAY}::date, 0, 0 FROM bench_users`)
  } else {
    await tx.execute(sql`INSERT INTO earn_orders (user_id, plan_id, book, currency, principal, daily_rate, daily, days, exit_share, earmark, start_day, request_key, created_at)
      SELECT id, ${product!.id}, 'live', 'USDT', ${PRINCIPAL}, ${DAILY / PRINCIPAL}, ${DAILY}, ${DAYS}, 0.1, ${earmark}, ${START_DAY}::date, 'bench:' || id, 0 FROM bench_users`)
  }
})
// As autovacuum leaves tables between a day's purchases and midnight: statistics read, hint bits set, the visibility
// map up to date. Without it the run pays once for the seeding's million fresh rows, which no real midnight does.
await db.execute(sql`VACUUM ANALYZE accounts, journals, entries, earn_orders, staking_pledges`)
const what = STAKING ? 'active pledges' : 'open plans'
console.log(`seeded ${PLANS} ${what} in ${ms(started)}`)

// The console's reserve card: what falls due in the next 30 days (every plan pays on each of them).
started = performance.now()
const due = await dueByDate(db, '2031-04-01', STAKING ? 'staking' : 'plans')
console.log(`due by date (console, 30 days): ${ms(started)}, ${due.length} dates`)

started = performance.now()
const step = STAKING ? stakingStep : undefined
const first = await accrue(db, NOW, step)
console.log(`first run:  ${ms(started)}, ${first.credited} ${what} credited in ${first.steps} step(s)`)
started = performance.now()
const second = await accrue(db, NOW, step)
console.log(`second run the same day: ${ms(started)}, ${second.credited} ${what} credited (must be 0)`)
const found = await reconcileBooks(db)
console.log(`ledger: ${found.ok ? 'consistent' : 'NOT CONSISTENT'}`)
await handle.close()
if (second.credited !== 0 || !found.ok) process.exit(1)
