// The server can run as a role with only SELECT and INSERT on the ledger's tables (docs/operations.md):
// it still posts, funds and resets books, because the functions that move balances are SECURITY DEFINER
// (0008_ledger_hardening.sql), and it cannot edit a balance or delete an entry even if its code tried.
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDb, type DbHandle } from '../db/client.ts'
import { migrateDb } from '../db/migrate.ts'
import { buildTestApp, usingPostgres } from '../test/helpers.ts'
import { bookBalances, fundDemoBook, openDemoResetAccounts, resetDemoLocked } from './books.ts'
import { pgError } from './db-errors.ts'
import { newUserId } from './test-db.ts'
import { postJournal, type Leg } from './post.ts'
import { addOperator, signInOperator } from '../modules/ops/operators.ts'
import { totpCode } from '../modules/ops/totp.ts'
import { createOidc } from '../modules/oidc/oidc.service.ts'
import { signInAtProvider, startTestProvider, TEST_CLIENT } from '../test/oidc-provider.ts'
import { accrue } from '../modules/earn/accrual.ts'
import { earnOrders, earnPlans } from '../modules/earn/earn.table.ts'
import { earmarkLegs, fundJournal } from '../modules/earn/reserve.ts'
import { financingOrders, financingProducts } from '../modules/financing/financing.table.ts'
import { mature } from '../modules/financing/maturity.ts'
import { accrueStaking } from '../modules/staking/staking.accrual.ts'
import { stakingActivities, stakingPledges } from '../modules/staking/staking.table.ts'

const ROLE = 'keelson_ledger_test'

// Roles and grants exist on PostgreSQL only: PGlite has a single superuser session, so there is nothing to test.
describe.skipIf(!usingPostgres)('the server as a role without UPDATE or DELETE on the ledger', () => {
  let app: FastifyInstance
  let restricted: DbHandle
  beforeAll(async () => {
    app = await buildTestApp()
    // The grants of docs/operations.md, made by the owner (here the test's superuser).
    await app.db.execute(sql.raw(`
      DO $$ BEGIN
        IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${ROLE}') THEN CREATE ROLE ${ROLE} LOGIN; END IF;
        EXECUTE format('GRANT CONNECT ON DATABASE %I TO ${ROLE}', current_database());
      END $$;
      GRANT USAGE ON SCHEMA public TO ${ROLE};
      GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${ROLE};
      GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${ROLE};
      REVOKE UPDATE, DELETE, TRUNCATE ON accounts, journals, entries, currencies FROM ${ROLE};
      REVOKE INSERT ON journals, entries, currencies FROM ${ROLE};
      REVOKE UPDATE, DELETE, TRUNCATE ON audit_log FROM ${ROLE};
      REVOKE UPDATE, DELETE, TRUNCATE ON liability_snapshots FROM ${ROLE};
      REVOKE UPDATE ON liability_leaves, liability_nodes FROM ${ROLE};
      REVOKE UPDATE, DELETE, TRUNCATE ON liability_pruned FROM ${ROLE};
      REVOKE UPDATE ON operators FROM ${ROLE};
      GRANT UPDATE (failed_sign_ins, locked_until, totp_last_step) ON operators TO ${ROLE};
      GRANT USAGE ON SCHEMA drizzle TO ${ROLE};
      GRANT SELECT ON drizzle.__drizzle_migrations TO ${ROLE};`))
    const url = new URL(process.env.DATABASE_URL!)
    url.username = ROLE
    url.password = ''
    restricted = await openDb({ url: url.toString() })
  })
  afterAll(async () => {
    await restricted?.close()
    await app?.close()
  })

  it('starts, posts, funds and resets books, but cannot edit a balance or delete an entry', async () => {
    // At start the server checks the migrations: all are applied, so it only reads.
    await migrateDb(restricted)
    const { db } = restricted
    const userId = await newUserId(db)
    await fundDemoBook(db, userId)
    const deposit = await postJournal(db, {
      kind: 'transfer',
      reason: 'transfer',
      idempotencyKey: randomUUID(),
      userId,
      legs: [
        { account: { ownerId: userId, book: 'live', kind: 'available' }, amount: '25', currency: 'USDT' },
        { account: { ownerId: null, book: 'live', kind: 'deposits_clearing' }, amount: '-25', currency: 'USDT' },
      ],
    })
    expect(deposit.replayed).toBe(false)
    await openDemoResetAccounts(db, userId)
    await db.transaction((tx) => resetDemoLocked(tx, userId, randomUUID()))
    expect((await bookBalances(db, userId, 'live')).currencies).toEqual([{ currency: 'USDT', available: '25', inUse: '0', locked: '0', total: '25' }])

    const denied = async (statement: ReturnType<typeof sql>) => pgError(await db.execute(statement).then(() => null, (e: unknown) => e))
    expect(await denied(sql`UPDATE accounts SET balance = balance + 1000 WHERE owner_id = ${userId}`)).toMatchObject({
      code: '42501',
      message: 'permission denied for table accounts',
    })
    expect(await denied(sql`DELETE FROM entries WHERE journal_id = ${deposit.journalId}`)).toMatchObject({
      code: '42501',
      message: 'permission denied for table entries',
    })
    expect(await denied(sql`SELECT id FROM accounts WHERE owner_id = ${userId} FOR UPDATE`)).toMatchObject({ code: '42501' })
    expect((await bookBalances(db, userId, 'live')).currencies[0]).toMatchObject({ total: '25' })
  })

  it('cannot mint money: a balanced journal written by hand, from deposits clearing to a user, is refused', async () => {
    const { db } = restricted
    const userId = await newUserId(db)
    await fundDemoBook(db, userId)
    const minted = db.transaction(async (tx) => {
      const journal = (await tx.execute(sql`
        INSERT INTO journals (kind, reason, idempotency_key, user_id) VALUES ('deposit', 'transfer', ${randomUUID()}, ${userId})
        RETURNING id`)) as unknown as { rows: Array<{ id: string }> }
      await tx.execute(sql`
        INSERT INTO entries (journal_id, account_id, amount, currency)
        SELECT ${journal.rows[0]!.id}, a.id, CASE WHEN a.owner_id IS NULL THEN -1000000 ELSE 1000000 END, 'USDT'
        FROM accounts a WHERE a.book = 'live' AND a.currency = 'USDT' AND (a.owner_id = ${userId} AND a.kind = 'available' OR a.owner_id IS NULL AND a.kind = 'deposits_clearing')`)
    })
    expect(pgError(await minted.then(() => null, (e: unknown) => e))).toMatchObject({ code: '42501', message: 'permission denied for table journals' })
    expect((await bookBalances(db, userId, 'live')).currencies.every((c) => c.total === '0')).toBe(true)
  })

  it("changes an operator's roles only through the audited function, and still signs operators in", async () => {
    const { db } = restricted
    const { operator, secret } = await addOperator(app.db, { name: `role-${randomUUID().slice(0, 8)}`, password: 'a long operator password', roles: ['support'] }, 'Test')
    const denied = pgError(await db.execute(sql`UPDATE operators SET roles = ARRAY['admin'] WHERE id = ${operator.id}`).then(() => null, (e: unknown) => e))
    expect(denied).toMatchObject({ code: '42501', message: 'permission denied for table operators' })
    const session = await signInOperator(db, { name: operator.name, password: 'a long operator password', code: totpCode(secret, Date.now()) }, Date.now())
    expect(session.operator.roles).toEqual(['support'])
    await db.execute(sql`SELECT operators_set_roles(${operator.name}, ARRAY['support', 'finance'], 'role test')`)
    const trail = (await db.execute(sql`SELECT action, before, after FROM audit_log WHERE subject = ${`operator:${operator.id}`} ORDER BY id DESC LIMIT 1`)) as unknown as {
      rows: Array<{ action: string; before: unknown; after: unknown }>
    }
    expect(trail.rows[0]).toEqual({ action: 'operators.setRoles', before: { roles: ['support'] }, after: { roles: ['support', 'finance'] } })
  })

  it('signs in with Google and links it: the grants cover user_identities and oidc_flows', async () => {
    const redirectUri = 'http://keelson.test/api/oidc/google/callback'
    const person = { sub: randomUUID(), email: 'role@provider.test', password: 'role-password' }
    const provider = await startTestProvider({ redirectUris: [redirectUri], accounts: [person] })
    try {
      const oidc = createOidc({ db: restricted.db, now: Date.now, providers: { google: { issuer: provider.issuer, ...TEST_CLIENT } } })
      const { url, state } = await oidc.start('google', redirectUri, null)
      const outcome = await oidc.callback('google', await signInAtProvider(url, person), state)
      expect(outcome).toMatchObject({ signedIn: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) })
      const again = await oidc.start('google', redirectUri, null)
      expect(await oidc.callback('google', await signInAtProvider(again.url, person), again.state)).toMatchObject({ signedIn: expect.any(String) })
    } finally {
      await provider.close()
    }
  })
  it('runs the Smart plans\' daily accrual (a SECURITY DEFINER step), which pays a due day once', async () => {
    const { db } = restricted
    const userId = await newUserId(db)
    await fundDemoBook(db, userId)
    // A purchase as keepProd makes it (earn.service.ts): the row, then its journal, on a funded demo reserve.
    await postJournal(db, fundJournal('demo', 'USDT', '3', randomUUID()))
    const [plan] = await db.insert(earnPlans).values({ names: { en_US: 'Role' }, currency: 'USDT', days: 1, minAmount: '100', maxAmount: '100', dailyRate: '0.03', exitShare: '0', status: 'active', createdAt: 0, updatedAt: 0 }).returning()
    const key = randomUUID()
    await db.insert(earnOrders).values({ userId, planId: plan!.id, book: 'demo', currency: 'USDT', principal: '100', dailyRate: '0.03', daily: '3', days: 1, exitShare: '0', earmark: '3', startDay: '2001-01-01', requestKey: key, createdAt: 0 })
    await postJournal(db, {
      kind: 'yield',
      reason: 'earn.purchase',
      idempotencyKey: key,
      userId,
      legs: [
        { account: { ownerId: userId, book: 'demo', kind: 'available' }, amount: '-100', currency: 'USDT' },
        { account: { ownerId: userId, book: 'demo', kind: 'earn' }, amount: '100', currency: 'USDT' },
        ...earmarkLegs('demo', 'USDT', '3'),
      ],
    })
    await accrue(db, Date.UTC(2001, 0, 2, 12))
    await accrue(db, Date.UTC(2001, 0, 2, 12))
    expect((await bookBalances(db, userId, 'demo')).currencies[0]).toMatchObject({ available: '10003', locked: '0' })
  })
  it('runs node staking\'s daily step (its UPDATE, then the ledger\'s SECURITY DEFINER posting), which pays a due day once', async () => {
    const { db } = restricted
    const userId = await newUserId(db)
    await fundDemoBook(db, userId)
    // An activated pledge as addAgreeMoney and applyZyActive leave it (staking.service.ts), due for its one day.
    await postJournal(db, fundJournal('demo', 'USDT', '3', randomUUID()))
    const terms = { currency: 'USDT', agreedAmount: '100', bonus: '0', days: 1, dailyRate: '0.03', exitShare: '0' }
    const [activity] = await db.insert(stakingActivities).values({ names: { en_US: 'Role' }, descriptions: {}, ...terms, status: 'active', createdAt: 0, updatedAt: 0 }).returning()
    await db.insert(stakingPledges).values({ userId, activityId: activity!.id, book: 'demo', ...terms, principal: '100', daily: '3', earmark: '3', status: 'active', startDay: '2001-01-01', createdAt: 0 })
    const legs: Leg[] = [
      { account: { ownerId: userId, book: 'demo', kind: 'available' }, amount: '-100', currency: 'USDT' },
      { account: { ownerId: userId, book: 'demo', kind: 'staking' }, amount: '100', currency: 'USDT' },
      ...earmarkLegs('demo', 'USDT', '3'),
    ]
    await postJournal(db, { kind: 'yield', reason: 'staking.add', idempotencyKey: randomUUID(), userId, legs })
    await accrueStaking(db, Date.UTC(2001, 0, 2, 12))
    await accrueStaking(db, Date.UTC(2001, 0, 2, 12))
    expect((await bookBalances(db, userId, 'demo')).currencies[0]).toMatchObject({ available: '10003', locked: '0' })
  })
  it('runs financing maturity (a SECURITY DEFINER step), which pays a due order once', async () => {
    const { db } = restricted
    const userId = await newUserId(db)
    await fundDemoBook(db, userId)
    // A purchase as createFinancingOrder makes it (financing.service.ts): the row, then its journal.
    await postJournal(db, fundJournal('demo', 'USDT', '2', randomUUID()))
    const [product] = await db.insert(financingProducts).values({ names: { en_US: 'Role' }, currency: 'USDT', days: 1, minAmount: '100', maxAmount: '100', annualRate: '0.073', earlyShare: '0', earlyForfeit: false, status: 'active', createdAt: 0, updatedAt: 0 }).returning()
    const key = randomUUID()
    await db.insert(financingOrders).values({ userId, productId: product!.id, book: 'demo', currency: 'USDT', principal: '100', annualRate: '0.073', days: 1, earlyShare: '0', earlyForfeit: false, interest: '0.02', startDay: '2001-01-01', requestKey: key, createdAt: 0 })
    await postJournal(db, {
      kind: 'yield',
      reason: 'financing.purchase',
      idempotencyKey: key,
      userId,
      legs: [
        { account: { ownerId: userId, book: 'demo', kind: 'available' }, amount: '-100', currency: 'USDT' },
        { account: { ownerId: userId, book: 'demo', kind: 'financing' }, amount: '100', currency: 'USDT' },
        ...earmarkLegs('demo', 'USDT', '0.02'),
      ],
    })
    await mature(db, Date.UTC(2001, 0, 2, 12))
    await mature(db, Date.UTC(2001, 0, 2, 12))
    expect((await bookBalances(db, userId, 'demo')).currencies[0]).toMatchObject({ available: '10000.02', locked: '0' })
  })
})
