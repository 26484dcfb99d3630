// The server can run as a role with only SELECT and INSERT on the ledger's tables (docs/operations-ledger-role.md):
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
import { postJournal } from './post.ts'

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
})
