// The ledger's read API for proof of liabilities (server/modules/liabilities): what the platform owes each user on
// one book, per currency: the sum of every account a user owns there, whatever its kind (USER_KINDS: available,
// margin, locked, and the kinds products add), in the currency's smallest unit. One statement, one consistent
// snapshot of every balance; users who are owed nothing are left out.
import { sql } from 'drizzle-orm'
import { USER_KINDS, type Book, type DbOrTx } from './types.ts'

export type OwedRow = { userId: string; currency: string; scale: number; units: string }

export async function owedPerUser(db: DbOrTx, book: Book): Promise<OwedRow[]> {
  const kinds = `{${USER_KINDS.join(',')}}`
  // Every amount has at most its currency's scale (0008_ledger_hardening.sql), so the product is a whole number.
  const { rows } = (await db.execute(sql`
    SELECT a.owner_id::text AS "userId", a.currency, c.scale, (sum(a.balance) * power(10::numeric, c.scale))::numeric(60, 0)::text AS units
      FROM accounts a JOIN currencies c ON c.code = a.currency
     WHERE a.book = ${book} AND a.owner_id IS NOT NULL AND a.kind = ANY(${kinds}::text[])
     GROUP BY a.owner_id, a.currency, c.scale
    HAVING sum(a.balance) <> 0`)) as unknown as { rows: OwedRow[] }
  return rows
}
