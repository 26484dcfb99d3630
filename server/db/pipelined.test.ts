// The batches of orders run in pipelinedTransaction: its COMMIT goes out before its last statement has answered, so a
// last statement that fails must still take the whole transaction with it, and the caller must get that statement's
// own error (the orders' Batches then run each order alone). On PostgreSQL the work's first statement must go out
// before BEGIN has answered (that round trip is what it saves); on PGlite it is Drizzle's transaction.
import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, usingPostgres } from '../test/helpers.ts'
import { named } from './named.ts'
import { pipelinedTransaction } from './pipelined.ts'

let app: FastifyInstance
beforeAll(async () => {
  app = await buildTestApp()
  await app.db.execute(sql`CREATE TABLE IF NOT EXISTS pipelined_probe (k text PRIMARY KEY)`)
})
afterAll(() => app.close())

// named() sends its statement when called, as the orders' last statement does (a Drizzle builder would wait to be awaited).
const insert = (tx: Parameters<Parameters<typeof pipelinedTransaction>[1]>[0], k: string) => named(tx, 'pipelined_probe_insert', sql`INSERT INTO pipelined_probe (k) VALUES (${k})`)
const stored = async (k: string) => ((await app.db.execute(sql`SELECT k FROM pipelined_probe WHERE k = ${k}`)) as unknown as { rows: unknown[] }).rows.length

describe('pipelinedTransaction', () => {
  it('commits the work and its last statement, and answers the work value', async () => {
    const [a, b] = [randomUUID(), randomUUID()]
    const value = await pipelinedTransaction(app.db, async (tx) => {
      await insert(tx, a)
      return { value: 'done', last: insert(tx, b) }
    })
    expect(value).toBe('done')
    expect([await stored(a), await stored(b)]).toEqual([1, 1])
  })

  it('rolls everything back when the last statement fails after the COMMIT went out, with that statement’s error', async () => {
    const [taken, a] = [randomUUID(), randomUUID()]
    await pipelinedTransaction(app.db, async (tx) => ({ value: null, last: insert(tx, taken) }))
    const failing = pipelinedTransaction(app.db, async (tx) => {
      await insert(tx, a)
      return { value: null, last: insert(tx, taken) }
    })
    await expect(failing).rejects.toMatchObject({ cause: { code: '23505' } })
    expect(await stored(a)).toBe(0)
    // The connection went back to the pool usable: the next transaction commits.
    const after = randomUUID()
    await pipelinedTransaction(app.db, async (tx) => ({ value: null, last: insert(tx, after) }))
    expect(await stored(after)).toBe(1)
  })

  it('rolls back, and sends no COMMIT, when the last statement failed before it could be sent', async () => {
    const a = randomUUID()
    const failing = pipelinedTransaction(app.db, async (tx) => {
      await insert(tx, a)
      // As insertOutcomes would if its rows could not be made into JSON: rejected before anything was sent.
      const last = (async () => {
        throw new Error('its parameters could not be built')
      })()
      return { value: null, last }
    })
    await expect(failing).rejects.toThrow('its parameters could not be built')
    expect(await stored(a)).toBe(0)
  })

  it('rolls back when the work throws, with its error', async () => {
    const a = randomUUID()
    const failing = pipelinedTransaction(app.db, async (tx) => {
      await insert(tx, a)
      throw new Error('the work failed')
    })
    await expect(failing).rejects.toThrow('the work failed')
    expect(await stored(a)).toBe(0)
  })

  it.runIf(usingPostgres)('sends the first statement before BEGIN has answered (PostgreSQL)', async () => {
    const events: string[] = []
    const query = pg.Client.prototype.query
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string }).text ?? ''
      const label = text.startsWith('BEGIN') ? 'BEGIN' : text.includes('pipelined_probe') ? 'insert' : 'other'
      events.push(`${label} sent`)
      const result = (query as (...a: unknown[]) => unknown).apply(this, args)
      if (result instanceof Promise) void result.then(() => events.push(`${label} answered`), () => {})
      return result
    } as typeof query
    try {
      await pipelinedTransaction(app.db, async (tx) => ({ value: null, last: insert(tx, randomUUID()) }))
    } finally {
      pg.Client.prototype.query = query
    }
    expect(events.indexOf('insert sent')).toBeLessThan(events.indexOf('BEGIN answered'))
  })
})
