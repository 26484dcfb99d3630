// Shared by the ledger's tests: how the database refused something, as PostgreSQL stated it, so a test asserts the
// exact refusal (SQLSTATE and message) rather than "some error".
import type { sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { pgError } from './db-errors.ts'

/** The refusal as PostgreSQL stated it: SQLSTATE and message (or the error itself when it is not PostgreSQL's). */
export const stated = (error: unknown) => {
  const e = pgError(error)
  return e ? { code: e.code, message: e.message } : error
}

/** Runs a statement in its own transaction and answers the error the database raised, or null. */
export async function refused(db: Db, statement: ReturnType<typeof sql>): Promise<unknown> {
  try {
    await db.transaction(async (tx) => {
      await tx.execute(statement)
    })
    return null
  } catch (error) {
    return error
  }
}
