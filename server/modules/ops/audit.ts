// audit(tx, operator, entry): appends one row to the audit log, inside the caller's transaction, so the record and
// the change it describes commit together or not at all. The table is append-only in the database
// (0016_operators.sql): nothing, not even a bug here, can edit or delete a row.
import { and, count, desc, eq } from 'drizzle-orm'
import type { AuditEntry } from '#contract/ops.ts'
import type { Db } from '../../db/client.ts'
import { auditLog } from './ops.table.ts'

/** Who acted: a signed-in operator (RouteContext's `operator`), or the command line. */
export type Actor = { id: string | null; name: string }

/** Actions taken with `node server/cli.ts`. */
export const CLI_ACTOR: Actor = { id: null, name: 'cli' }

export type AuditRecord = {
  /** module.verb: 'users.revokeSession', 'config.set', 'withdrawals.approve'. */
  action: string
  /** kind:id: 'user:<uuid>', 'config:licence', 'withdrawal:42'. */
  subject?: string
  /** The state before and after, as JSON (omit what did not exist). Never a secret (a password, a token). */
  before?: unknown
  after?: unknown
}

/** Call with the transaction that makes the change (db.transaction(async (tx) => ...)). */
export async function audit(tx: Db, actor: Actor, record: AuditRecord): Promise<void> {
  await tx.insert(auditLog).values({
    operatorId: actor.id,
    operatorName: actor.name,
    action: record.action,
    subject: record.subject ?? null,
    before: record.before ?? null,
    after: record.after ?? null,
  })
}

export async function auditPage(db: Db, query: { page: number; size: number; subject?: string | undefined }) {
  const where = query.subject ? eq(auditLog.subject, query.subject) : undefined
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(and(where))
      .orderBy(desc(auditLog.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db.select({ n: count() }).from(auditLog).where(and(where)),
  ])
  const list: AuditEntry[] = rows.map((r) => ({
    id: String(r.id),
    operatorName: r.operatorName,
    action: r.action,
    subject: r.subject,
    before: r.before,
    after: r.after,
    createdAt: r.createdAt.getTime(),
  }))
  return { list, total: total?.n ?? 0, page: query.page, size: query.size }
}
