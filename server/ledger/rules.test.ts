// What 0008_ledger_hardening.sql makes the database refuse, whatever the code asks, each asserted exactly (SQLSTATE
// and message), on PGlite and PostgreSQL; and postJournal's own refusals of the same mistakes, as 400 or 409.
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp } from '../test/helpers.ts'
import { pgError } from './db-errors.ts'
import { postJournal, type Leg } from './post.ts'
import { testRandom } from './test-random.ts'
import { newUserId, refused as refusedOn, stated } from './test-db.ts'

let app: FastifyInstance
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(() => app?.close())

const newUser = () => newUserId(app.db)

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows
const refused = (statement: ReturnType<typeof sql>) => refusedOn(app.db, statement)

const live = (ownerId: string) => ({ ownerId, book: 'live', kind: 'available' }) as const
const clearing = { ownerId: null, book: 'live', kind: 'deposits_clearing' } as const
const post = (legs: Leg[], key = randomUUID()) => postJournal(app.db, { kind: 'transfer', reason: 'transfer', idempotencyKey: key, legs })
const deposit = (userId: string, amount: string, currency = 'USDT') =>
  post([
    { account: live(userId), amount, currency },
    { account: clearing, amount: `-${amount}`, currency },
  ])

async function liveBalance(userId: string, currency = 'USDT'): Promise<string | undefined> {
  const rows = rowsOf<{ balance: string }>(
    await app.db.execute(sql`SELECT trim_scale(balance)::text AS balance FROM accounts
      WHERE owner_id = ${userId} AND book = 'live' AND kind = 'available' AND currency = ${currency}`),
  )
  return rows[0]?.balance
}

async function accountId(ownerId: string | null, currency: string, book: string, kind: string): Promise<string> {
  const rows = rowsOf<{ id: string }>(
    await app.db.execute(sql`SELECT id FROM accounts
      WHERE owner_id IS NOT DISTINCT FROM ${ownerId}::uuid AND currency = ${currency} AND book = ${book} AND kind = ${kind}`),
  )
  return rows[0]!.id
}

describe('accounts', () => {
  it('open at zero: an account inserted with a balance is refused', async () => {
    const random = testRandom()
    const userId = await newUser()
    const amount = String(random.int(1_000_000) + 1)
    const error = await refused(sql`INSERT INTO accounts (owner_id, currency, book, kind, balance)
      VALUES (${userId}, 'USDT', 'live', 'available', ${amount})`)
    expect(stated(error)).toEqual({
      code: '23514',
      message: `ledger: an account opens with balance 0, not ${amount}.000000000000000000; money arrives only through entries`,
    })
    const system = await refused(sql`INSERT INTO accounts (owner_id, currency, book, kind, balance) VALUES (NULL, 'BTC', 'demo', 'fees', -5)`)
    expect(pgError(system)).toMatchObject({ code: '23514', constraint: 'accounts_open_at_zero' })
    expect(await liveBalance(userId)).toBeUndefined()
  })

  it('are in a currency the ledger knows, written in upper case', async () => {
    const userId = await newUser()
    for (const currency of ['XYZ', 'usdt']) {
      const error = await refused(sql`INSERT INTO accounts (owner_id, currency, book, kind) VALUES (${userId}, ${currency}, 'live', 'available')`)
      expect(stated(error)).toEqual({ code: '23503', message: 'insert or update on table "accounts" violates foreign key constraint "accounts_currency_fkey"' })
    }
    expect(stated(await refused(sql`INSERT INTO currencies (code, scale) VALUES ('usdx', 6)`))).toEqual({
      code: '23514',
      message: 'new row for relation "currencies" violates check constraint "currencies_code_check"',
    })
  })
})

describe('journals', () => {
  it('never span the demo and the live book, whatever the code asks', async () => {
    const userId = await newUser()
    const error = await post([
      { account: live(userId), amount: '100', currency: 'USDT' },
      { account: { ownerId: null, book: 'demo', kind: 'demo_funding' }, amount: '-100', currency: 'USDT' },
    ]).catch((e: unknown) => e)
    expect(stated(error)).toMatchObject({
      code: '23000',
      message: expect.stringMatching(/^ledger: journal [0-9a-f-]{36} spans the demo and the live book; demo money never becomes live money$/),
    })
    expect(await liveBalance(userId)).toBe('0')
  })

  it('take entries only from the transaction that created them (savepoints included)', async () => {
    const userId = await newUser()
    const { journalId } = await deposit(userId, '5')
    const [user, house] = [await accountId(userId, 'USDT', 'live', 'available'), await accountId(null, 'USDT', 'live', 'deposits_clearing')]
    const balanced = (journal: string) => sql`
      INSERT INTO entries (journal_id, account_id, amount, currency, balance_after)
      SELECT ${journal}::uuid, ${user}::uuid, 5, 'USDT', (SELECT balance + 5 FROM accounts WHERE id = ${user}::uuid)
      UNION ALL SELECT ${journal}::uuid, ${house}::uuid, -5, 'USDT', (SELECT balance - 5 FROM accounts WHERE id = ${house}::uuid)`
    expect(stated(await refused(balanced(journalId)))).toEqual({
      code: '23000',
      message: `ledger: journal ${journalId} was created by an earlier transaction; only that transaction adds its entries`,
    })
    const nowhere = randomUUID()
    expect(stated(await refused(balanced(nowhere)))).toEqual({ code: '23503', message: `ledger: journal ${nowhere} does not exist` })
    expect(await liveBalance(userId)).toBe('5')
    // In its own transaction, a journal takes entries, also from a savepoint (the transaction id is the top level's).
    await app.db.transaction(async (tx) => {
      const [row] = rowsOf<{ id: string }>(
        await tx.execute(sql`INSERT INTO journals (kind, reason, idempotency_key) VALUES ('transfer', 'transfer', ${randomUUID()}) RETURNING id`),
      )
      await tx.transaction(async (savepoint) => {
        await savepoint.execute(balanced(row!.id))
      })
    })
    expect(await liveBalance(userId)).toBe('10')
    const stranger = randomUUID()
    expect(stated(await refused(sql`INSERT INTO journals (kind, reason, idempotency_key, user_id) VALUES ('transfer', 'transfer', ${randomUUID()}, ${stranger})`))).toEqual({
      code: '23503',
      message: `ledger: a journal names user ${stranger}, who does not exist`,
    })
    const forged = await refused(sql`INSERT INTO journals (kind, reason, idempotency_key, created_xid)
      VALUES ('transfer', 'transfer', ${randomUUID()}, txid_current() + 1000)`)
    expect(stated(forged)).toEqual({ code: '23514', message: "ledger: a journal's created_xid is the transaction that inserts it" })
  })
})

describe('amounts', () => {
  it('are refused by postJournal with 400 when the currency is unknown, too precise or too large', async () => {
    const userId = await newUser()
    const refusal = (legs: Leg[]) => post(legs).then(() => null, (e: unknown) => e)
    const pair = (amount: string, currency: string): Leg[] => [
      { account: live(userId), amount, currency },
      { account: clearing, amount: `-${amount}`, currency },
    ]
    const text = (e: unknown) => {
      const error = e as { messageKey: Parameters<FastifyInstance['translate']>[1]; values?: Record<string, string | number> }
      return app.translate('en', error.messageKey, error.values)
    }
    const unknown = await refusal(pair('1', 'XYZ'))
    expect(unknown).toMatchObject({ statusCode: 400, messageKey: 'unknownCurrency' })
    expect(text(unknown)).toBe('Unknown currency: XYZ')
    const precise = await refusal(pair('1.0000001', 'USDT'))
    expect(precise).toMatchObject({ statusCode: 400, messageKey: 'amountTooPrecise' })
    expect(text(precise)).toBe('The amount 1.0000001 has more decimals than USDT allows (6)')
    expect(text(await refusal(pair('0.000000001', 'BTC')))).toBe('The amount 0.000000001 has more decimals than BTC allows (8)')
    const large = await refusal(pair('100000000000000000000', 'ETH'))
    expect(large).toMatchObject({ statusCode: 400, messageKey: 'amountTooLarge' })
    expect(text(large)).toBe('The amount 100,000,000,000,000,000,000 is too large')
    expect(await liveBalance(userId, 'ETH')).toBeUndefined()
  })

  it('answer 409, never a 500, when a balance would leave numeric(38,18)', async () => {
    const userId = await newUser()
    // A system account of its own, brought back to where it was, so runs on a shared database never pile up.
    const payouts = { ownerId: null, book: 'live', kind: 'yield_payouts' } as const
    const move = (amount: string, back = false) =>
      post([
        { account: live(userId), amount: back ? `-${amount}` : amount, currency: 'ETH' },
        { account: payouts, amount: back ? amount : `-${amount}`, currency: 'ETH' },
      ])
    await move('90000000000000000000')
    await expect(move('10000000000000000000')).rejects.toMatchObject({ statusCode: 409, messageKey: 'balanceTooLarge' })
    await move('90000000000000000000', true)
    expect(await liveBalance(userId, 'ETH')).toBe('0')
  })

  it('are refused by the database beyond their currency\'s scale, and on overflow', async () => {
    const userId = await newUser()
    await deposit(userId, '1')
    const [user, house] = [await accountId(userId, 'USDT', 'live', 'available'), await accountId(null, 'USDT', 'live', 'deposits_clearing')]
    const entriesOf = (amount: string) => sql`
      WITH j AS (INSERT INTO journals (kind, reason, idempotency_key) VALUES ('transfer', 'transfer', ${randomUUID()}) RETURNING id)
      INSERT INTO entries (journal_id, account_id, amount, currency)
      SELECT id, ${user}::uuid, ${amount}::numeric, 'USDT' FROM j
      UNION ALL SELECT id, ${house}::uuid, -${amount}::numeric, 'USDT' FROM j`
    expect(stated(await refused(entriesOf('0.0000001')))).toEqual({ code: '22023', message: 'ledger: amount 0.0000001 has more decimals than USDT allows (6)' })
    expect(stated(await refused(entriesOf('99999999999999999999')))).toEqual({ code: '22003', message: 'numeric field overflow' })
    expect(await liveBalance(userId)).toBe('1')
  })
})
