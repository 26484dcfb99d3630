// Shared by the ledger's tests: a user to own accounts (made through auth's repository, like every other module's),
// and how the database refused something, as PostgreSQL stated it, so a test asserts the exact refusal (SQLSTATE and
// message) rather than "some error".
import type { sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { upsertWalletUser } from '../modules/auth/users.repository.ts'
import { newWallet } from '../test/helpers.ts'
import { pgError } from './db-errors.ts'

/** A new wallet user's id. */
export async function newUserId(db: Db): Promise<string> {
  return (await upsertWalletUser(db, newWallet().address, new Date())).id
}

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
