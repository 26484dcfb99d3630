// The ledger's promises, on PGlite and (with DATABASE_URL) PostgreSQL with a pool: conservation, no overdraft
// under concurrency, idempotency, and the database refusing what code must never do. Random amounts and picks come
// from a seeded generator (test-random.ts): a failure prints its seed. Refusals are asserted exactly (SQLSTATE and
// message); the refusals added by 0008_ledger_hardening.sql are in rules.test.ts.
import { randomUUID } from 'node:crypto'
import { Decimal } from './decimal.ts'
import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AppError } from '../app-error.ts'
import { buildTestApp } from '../test/helpers.ts'
import { pgError, retrying } from './db-errors.ts'
import { accounts, entries, journals } from './ledger.table.ts'
import { postJournal, postJournalsInTx } from './post.ts'
import { reconcile } from './reconcile.ts'
import { testRandom } from './test-random.ts'
import { newUserId, refused as refusedOn, stated } from './test-db.ts'

let app: FastifyInstance
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(() => app?.close())

const newUser = () => newUserId(app.db)

const available = (ownerId: string) => ({ ownerId, book: 'live', kind: 'available' }) as const
/** Moves what a test left in a user's margin account back to available: no order holds it, and on a shared
 * PostgreSQL the orders' sub-ledger (orders.subledger.ts) of every later file would see it. */
async function releaseMargin(userId: string, amount: string) {
  await postJournal(app.db, {
    kind: 'trade', reason: 'trade.close', idempotencyKey: randomUUID(), userId,
    legs: [
      { account: { ownerId: userId, book: 'live', kind: 'margin' }, amount: `-${amount}`, currency: 'USDT' },
      { account: available(userId), amount, currency: 'USDT' },
    ],
  })
}
const clearing = { ownerId: null, book: 'live', kind: 'deposits_clearing' } as const
const fees = { ownerId: null, book: 'live', kind: 'fees' } as const

function deposit(userId: string, amount: string, key = randomUUID(), currency = 'USDT') {
  return postJournal(app.db, {
    kind: 'transfer',
    reason: 'transfer',
    idempotencyKey: key,
    userId,
    legs: [
      { account: available(userId), amount, currency },
      { account: clearing, amount: `-${amount}`, currency },
    ],
  })
}

function debit(userId: string, amount: string, key = randomUUID(), currency = 'USDT') {
  return postJournal(app.db, {
    kind: 'fee',
    reason: 'transfer',
    idempotencyKey: key,
    userId,
    legs: [
      { account: available(userId), amount: `-${amount}`, currency },
      { account: fees, amount, currency },
    ],
  })
}

async function balanceOf(userId: string, currency = 'USDT'): Promise<string> {
  const [row] = await app.db
    .select({ balance: sql<string>`${accounts.balance}::text` })
    .from(accounts)
    .where(sql`${accounts.ownerId} = ${userId} AND ${accounts.book} = 'live' AND ${accounts.kind} = 'available' AND ${accounts.currency} = ${currency}`)
  return new Decimal(row?.balance ?? '0').toFixed()
}

const refused = (statement: ReturnType<typeof sql>) => refusedOn(app.db, statement)

describe('postJournal under concurrency', () => {
  it('1 000 concurrent debits of random amounts never overdraw, conserve money exactly and post a repeated key once', async () => {
    const random = testRandom()
    const userId = await newUser()
    // ETH carries 18 decimals: the amounts use all of them.
    await deposit(userId, '1000', randomUUID(), 'ETH')
    const repeated = randomUUID()
    // Random amounts with 18 decimals; their sum exceeds the funds, so some postings must be refused.
    const amounts = Array.from({ length: 1000 }, (_, i) =>
      i % 20 === 0 ? '1.5' : new Decimal(random.int(3e6) + 1).div(1e6).plus(`0.${'0'.repeat(17)}1`).toFixed(),
    )
    const results = await Promise.allSettled(amounts.map((amount, i) => debit(userId, amount, i % 20 === 0 ? repeated : randomUUID(), 'ETH')))

    let spent = new Decimal(0)
    let refusedCount = 0
    let firstOfRepeated = 0
    results.forEach((result, i) => {
      if (result.status === 'fulfilled') {
        if (!result.value.replayed) spent = spent.plus(amounts[i]!)
        if (i % 20 === 0 && !result.value.replayed) firstOfRepeated++
      } else {
        expect(result.reason).toBeInstanceOf(AppError)
        expect((result.reason as AppError).statusCode).toBe(409)
        refusedCount++
      }
    })
    expect(refusedCount).toBeGreaterThan(0)
    expect(firstOfRepeated).toBe(1)
    const balance = new Decimal(await balanceOf(userId, 'ETH'))
    expect(balance.isNegative()).toBe(false)
    expect(balance.toFixed()).toBe(new Decimal(1000).minus(spent).toFixed())
    const [posted] = await app.db.select({ n: sql<number>`count(*)::int` }).from(journals).where(eq(journals.idempotencyKey, repeated))
    expect(posted!.n).toBe(1)
    const health = await reconcile(app.db)
    expect(health).toMatchObject({ ok: true, mismatchedAccounts: 0 })
  })

  it('keeps conservation over random transfers between users (property)', async () => {
    const random = testRandom()
    const ids = await Promise.all(Array.from({ length: 5 }, () => newUser()))
    for (const id of ids) await deposit(id, '100')
    const transfers = Array.from({ length: 300 }, () => {
      const from = random.pick(ids)
      const to = random.pick(ids)
      // Up to the 6 decimals USDT carries.
      const amount = new Decimal(random.int(50_000_000) + 1).div(1e6).toFixed()
      return postJournal(app.db, {
        kind: 'transfer',
        reason: 'transfer',
        idempotencyKey: randomUUID(),
        legs: [
          { account: available(from), amount: `-${amount}`, currency: 'USDT' },
          { account: available(to), amount, currency: 'USDT' },
        ],
      }).catch((error: unknown) => {
        if (!(error instanceof AppError) || error.statusCode !== 409) throw error
      })
    })
    await Promise.all(transfers)
    const balances = await Promise.all(ids.map((id) => balanceOf(id)))
    expect(balances.reduce((s, b) => s.plus(b), new Decimal(0)).toFixed()).toBe('500')
    for (const b of balances) expect(new Decimal(b).isNegative()).toBe(false)
    expect((await reconcile(app.db)).ok).toBe(true)
  })
})

describe('postJournal rules', () => {
  it('answers the first journal for a repeated key and posts nothing more', async () => {
    const userId = await newUser()
    const key = randomUUID()
    const first = await deposit(userId, '10', key)
    const again = await deposit(userId, '99', key)
    expect(again).toMatchObject({ journalId: first.journalId, replayed: true })
    expect(await balanceOf(userId)).toBe('10')
  })

  it('refuses an overdraft with 409 and changes nothing', async () => {
    const userId = await newUser()
    await deposit(userId, '5')
    const key = randomUUID()
    await expect(debit(userId, '5.000001', key)).rejects.toMatchObject({ statusCode: 409, messageKey: 'insufficientFunds' })
    expect(await balanceOf(userId)).toBe('5')
    expect(await app.db.select().from(journals).where(eq(journals.idempotencyKey, key))).toEqual([])
    // The key was not used up: a later, affordable posting with it goes through.
    expect((await debit(userId, '5', key)).replayed).toBe(false)
    expect(await balanceOf(userId)).toBe('0')
  })

  it('refuses legs that do not balance before touching the database', async () => {
    const userId = await newUser()
    await expect(
      postJournal(app.db, { kind: 'transfer', reason: 'transfer', idempotencyKey: randomUUID(), legs: [{ account: available(userId), amount: '1', currency: 'USDT' }] }),
    ).rejects.toThrow(/do not balance/)
  })
})

describe('postJournal in batches', () => {
  it('posts a burst of postings in shared batches, each with its own answer', async () => {
    const rich = await newUser()
    const poor = await newUser()
    await deposit(rich, '100')
    const key = randomUUID()
    // Made in one tick, these go to the database together: a 409 for one must not touch the others.
    const [a, b, c, d, e] = await Promise.allSettled([
      debit(rich, '10', key),
      debit(poor, '1'),
      debit(rich, '10', key),
      debit(rich, '85'),
      debit(rich, '10'),
    ])
    expect(a).toMatchObject({ status: 'fulfilled', value: { replayed: false } })
    expect(b).toMatchObject({ status: 'rejected', reason: { statusCode: 409 } })
    // The repeated key is answered with the first journal of the same batch.
    expect(c).toMatchObject({ status: 'fulfilled', value: { replayed: true } })
    expect(c.status === 'fulfilled' && a.status === 'fulfilled' && c.value.journalId === a.value.journalId).toBe(true)
    expect(d).toMatchObject({ status: 'fulfilled', value: { replayed: false } })
    // Items apply in order: after 10 and 85 only 5 are left, so the last 10 is refused.
    expect(e).toMatchObject({ status: 'rejected', reason: { statusCode: 409 } })
    expect(await balanceOf(rich)).toBe('5')
    expect(await balanceOf(poor)).toBe('0')
    expect(a.status === 'fulfilled' && a.value.touched).toEqual([{ userId: rich, book: 'live' }])
  })

  it('fails only the posting that names an unknown account', async () => {
    const userId = await newUser()
    await deposit(userId, '3')
    const unknown = postJournal(app.db, {
      kind: 'transfer',
      reason: 'transfer',
      idempotencyKey: randomUUID(),
      legs: [
        { accountId: randomUUID(), amount: '-1', currency: 'USDT' },
        { account: available(userId), amount: '1', currency: 'USDT' },
      ],
    })
    const [bad, good] = await Promise.allSettled([unknown, debit(userId, '2')])
    expect(bad.status === 'rejected' && stated(bad.reason)).toEqual({ code: '23503', message: 'ledger: a leg names an account that does not exist' })
    expect(good).toMatchObject({ status: 'fulfilled', value: { replayed: false } })
    expect(await balanceOf(userId)).toBe('1')
  })

  it('refuses a posting that would take a user account below zero between its own legs', async () => {
    const userId = await newUser()
    await deposit(userId, '50')
    const roundTrip = postJournal(app.db, {
      kind: 'transfer',
      reason: 'transfer',
      idempotencyKey: randomUUID(),
      legs: [
        { account: available(userId), amount: '-80', currency: 'USDT' },
        { account: available(userId), amount: '80', currency: 'USDT' },
      ],
    })
    await expect(roundTrip).rejects.toMatchObject({ statusCode: 409 })
    expect(await balanceOf(userId)).toBe('50')
  })

  it('answers a repeated key with the first journal without looking at its legs again', async () => {
    const userId = await newUser()
    const key = randomUUID()
    const first = await deposit(userId, '7', key)
    const again = await postJournal(app.db, {
      kind: 'transfer',
      reason: 'transfer',
      idempotencyKey: key,
      legs: [
        { accountId: randomUUID(), amount: '-1', currency: 'USDT' },
        { account: available(userId), amount: '1', currency: 'USDT' },
      ],
    })
    expect(again).toMatchObject({ journalId: first.journalId, replayed: true })
    expect(await balanceOf(userId)).toBe('7')
  })

  it('answers 409 inside a caller transaction without aborting it', async () => {
    const userId = await newUser()
    await deposit(userId, '1')
    const after = await app.db.transaction(async (tx) => {
      await expect(
        postJournal(tx, {
          kind: 'fee',
          reason: 'transfer',
          idempotencyKey: randomUUID(),
          legs: [
            { account: available(userId), amount: '-2', currency: 'USDT' },
            { account: fees, amount: '2', currency: 'USDT' },
          ],
        }),
      ).rejects.toMatchObject({ statusCode: 409 })
      return (await tx.execute(sql`SELECT 1 AS ok`)) as unknown as { rows: unknown[] }
    })
    expect(after.rows).toHaveLength(1)
    expect(await balanceOf(userId)).toBe('1')
  })

  it('posts an input that goes with another only when that one posts (after)', async () => {
    const userId = await newUser()
    await deposit(userId, '5')
    const toMargin = (amount: string) => ({
      kind: 'trade' as const,
      reason: 'trade.open' as const,
      idempotencyKey: randomUUID(),
      userId,
      legs: [
        { account: available(userId), amount: `-${amount}`, currency: 'USDT' },
        { account: { ownerId: userId, book: 'live', kind: 'margin' } as const, amount, currency: 'USDT' },
      ],
    })
    // Its fee, out of the margin the opening put there.
    const fee = (after: number) => ({
      kind: 'trade' as const,
      reason: 'trade.fee' as const,
      idempotencyKey: randomUUID(),
      userId,
      after,
      legs: [
        { account: { ownerId: userId, book: 'live', kind: 'margin' } as const, amount: '-1', currency: 'USDT' },
        { account: fees, amount: '1', currency: 'USDT' },
      ],
    })
    const outcomes = await app.db.transaction((tx) => postJournalsInTx(tx, [toMargin('3'), fee(0), toMargin('9'), fee(2)]))
    expect(outcomes.map((o) => (o instanceof AppError ? o.statusCode : 'posted'))).toEqual(['posted', 'posted', 409, 409])
    // 5 - 3 = 2 available; the margin holds 3 - 1: the second fee was not taken from the first opening's margin.
    expect(await balanceOf(userId)).toBe('2')
    const [margin] = await app.db
      .select({ balance: sql<string>`${accounts.balance}::text` })
      .from(accounts)
      .where(sql`${accounts.ownerId} = ${userId} AND ${accounts.kind} = 'margin'`)
    expect(new Decimal(margin!.balance).toFixed()).toBe('2')
    await expect(app.db.transaction((tx) => postJournalsInTx(tx, [fee(0)]))).rejects.toThrow(/not before it/)
    await releaseMargin(userId, '2')
  })

  it('posts on an account whose first opening was rolled back, in the retried transaction', async () => {
    const userId = await newUser()
    await deposit(userId, '5')
    // A margin account this user never had, opened by a transaction that then fails (a crash, a later refusal).
    const toMargin = () => ({
      kind: 'trade' as const,
      reason: 'trade.open' as const,
      idempotencyKey: randomUUID(),
      userId,
      legs: [
        { account: available(userId), amount: '-2', currency: 'USDT' },
        { account: { ownerId: userId, book: 'live', kind: 'margin' } as const, amount: '2', currency: 'USDT' },
      ],
    })
    const rolledBack = new Error('the rest of the transaction failed')
    await expect(
      app.db.transaction(async (tx) => {
        await postJournal(tx, toMargin())
        throw rolledBack
      }),
    ).rejects.toBe(rolledBack)
    expect(await balanceOf(userId)).toBe('5')
    // The next order on that account goes through, as every order transaction does, under retrying.
    const posted = await retrying(() => app.db.transaction((tx) => postJournal(tx, toMargin())))
    expect(posted.replayed).toBe(false)
    expect(await balanceOf(userId)).toBe('3')
    await releaseMargin(userId, '2')
  })
})

describe('the database enforces the rules', () => {
  it('refuses UPDATE and DELETE of entries and journals', async () => {
    const userId = await newUser()
    const { journalId } = await deposit(userId, '1')
    const [entry] = await app.db.select({ id: entries.id }).from(entries).where(eq(entries.journalId, journalId)).limit(1)
    const appendOnly = (table: string, op: string) => ({ code: '23000', message: `ledger: ${table} is append-only (${op} refused)` })
    expect(stated(await refused(sql`UPDATE entries SET amount = 1000 WHERE id = ${entry!.id}`))).toEqual(appendOnly('entries', 'UPDATE'))
    expect(stated(await refused(sql`DELETE FROM entries WHERE id = ${entry!.id}`))).toEqual(appendOnly('entries', 'DELETE'))
    expect(stated(await refused(sql`UPDATE journals SET reason = 'x' WHERE id = ${journalId}`))).toEqual(appendOnly('journals', 'UPDATE'))
    expect(stated(await refused(sql`DELETE FROM journals WHERE id = ${journalId}`))).toEqual(appendOnly('journals', 'DELETE'))
    expect(await balanceOf(userId)).toBe('1')
  })

  it('refuses a balance edited without an entry', async () => {
    const userId = await newUser()
    await deposit(userId, '1')
    expect(stated(await refused(sql`UPDATE accounts SET balance = 1000000 WHERE owner_id = ${userId}`))).toEqual({
      code: '23000',
      message: 'ledger: balances change only through entries',
    })
    expect(await balanceOf(userId)).toBe('1')
  })

  it('refuses an unbalanced journal inserted directly', async () => {
    const userId = await newUser()
    await deposit(userId, '1')
    const [account] = await app.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.ownerId, userId))
    const journalId = randomUUID()
    const error = await refused(sql`
      WITH j AS (INSERT INTO journals (id, kind, reason, idempotency_key) VALUES (${journalId}, 'transfer', 'transfer', ${randomUUID()}) RETURNING id)
      INSERT INTO entries (journal_id, account_id, amount, currency) SELECT id, ${account!.id}, 100, 'USDT' FROM j`)
    expect(stated(error)).toEqual({ code: '23000', message: `ledger: journal ${journalId} does not balance in USDT (sum 100.000000000000000000)` })
    expect(await balanceOf(userId)).toBe('1')
    expect(await app.db.select().from(journals).where(eq(journals.id, journalId))).toEqual([])
  })

  it('refuses a user balance below zero even from a direct insert', async () => {
    const userId = await newUser()
    await deposit(userId, '1')
    const [account] = await app.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.ownerId, userId))
    const error = await refused(sql`
      WITH j AS (INSERT INTO journals (kind, reason, idempotency_key) VALUES ('transfer', 'transfer', ${randomUUID()}) RETURNING id)
      INSERT INTO entries (journal_id, account_id, amount, currency) SELECT id, ${account!.id}, -2, 'USDT' FROM j`)
    expect(pgError(error)).toMatchObject({ code: '23514', constraint: 'accounts_owner_balance_check' })
    expect(await balanceOf(userId)).toBe('1')
  })

  it('refuses entries that take a user account below zero in between, even when the journal ends where it began', async () => {
    const userId = await newUser()
    await deposit(userId, '1')
    const [account] = await app.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.ownerId, userId))
    const error = await refused(sql`
      WITH j AS (INSERT INTO journals (kind, reason, idempotency_key) VALUES ('transfer', 'transfer', ${randomUUID()}) RETURNING id)
      INSERT INTO entries (journal_id, account_id, amount, currency, balance_after)
        SELECT id, ${account!.id}::uuid, -5, 'USDT', -4 FROM j
        UNION ALL SELECT id, ${account!.id}::uuid, 5, 'USDT', 1 FROM j`)
    expect(pgError(error)).toMatchObject({ code: '23514', constraint: 'accounts_owner_balance_check' })
    expect(await balanceOf(userId)).toBe('1')
  })

  it('refuses an entry that misstates the balance after it', async () => {
    const userId = await newUser()
    await deposit(userId, '1')
    const [account] = await app.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.ownerId, userId))
    const [clearingAccount] = await app.db.select({ id: accounts.id }).from(accounts).where(sql`${accounts.ownerId} IS NULL AND ${accounts.kind} = 'deposits_clearing' AND ${accounts.book} = 'live' AND ${accounts.currency} = 'USDT'`)
    const error = await refused(sql`
      WITH j AS (INSERT INTO journals (kind, reason, idempotency_key) VALUES ('transfer', 'transfer', ${randomUUID()}) RETURNING id)
      INSERT INTO entries (journal_id, account_id, amount, currency, balance_after)
        SELECT id, ${account!.id}::uuid, 5, 'USDT', 1000 FROM j
        UNION ALL SELECT id, ${clearingAccount!.id}::uuid, -5, 'USDT', (SELECT balance - 5 FROM accounts WHERE id = ${clearingAccount!.id}::uuid) FROM j`)
    expect(stated(error)).toMatchObject({ code: '23000', message: expect.stringMatching(/^ledger: entry on account [0-9a-f-]{36} states balance_after 1000\.0{18}, the account holds 6\.0{18}$/) })
    expect(await balanceOf(userId)).toBe('1')
  })
})
