// Retention of proofs (docs/proof-of-liabilities.md, "History and retention"): a snapshot's leaves (each user's salt)
// and nodes take a few rows per user each day; after the retention period (LIABILITY_PROOF_RETENTION_DAYS, 90 days by
// default) the leader deletes them. That snapshot can then give no proof any more; its published root, totals, time
// and number of users stay for good (liability_snapshots is append-only). The newest snapshot is never pruned, however
// old, so the app always has a proof to show.
//
// Each snapshot goes in its own transaction: first the append-only record in liability_pruned, then its leaves and
// nodes, which the database deletes only for a snapshot so recorded (0047_liability_proof_retention.sql). A crash
// half-way deletes nothing; a second process finds the record made and skips it (ON CONFLICT), so it runs anywhere.
import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { dayOf, DAY_MS } from './liabilities.snapshot.ts'

/** Snapshots pruned per run: a run deletes a bounded amount; a backlog goes over the next runs. */
const PER_RUN = 5

/** Prunes the proofs of snapshots older than `retentionDays` days before today; answers the ids pruned. */
export async function pruneLiabilityProofs(db: Db, now: number, retentionDays: number): Promise<number[]> {
  const before = dayOf(now - retentionDays * DAY_MS)
  const { rows } = (await db.execute(sql`
    SELECT s.id::int AS id FROM liability_snapshots s
     WHERE s.day < ${before}::date
       AND s.id < (SELECT max(id) FROM liability_snapshots)
       AND NOT EXISTS (SELECT 1 FROM liability_pruned p WHERE p.snapshot_id = s.id)
     ORDER BY s.id LIMIT ${PER_RUN}`)) as unknown as { rows: { id: number }[] }
  const pruned: number[] = []
  for (const { id } of rows) {
    const done = await db.transaction(async (tx) => {
      const recorded = (await tx.execute(sql`
        INSERT INTO liability_pruned (snapshot_id, pruned_at) VALUES (${id}, ${new Date(now).toISOString()}::timestamptz)
        ON CONFLICT (snapshot_id) DO NOTHING RETURNING snapshot_id`)) as unknown as { rows: unknown[] }
      if (recorded.rows.length === 0) return false
      await tx.execute(sql`DELETE FROM liability_leaves WHERE snapshot_id = ${id}`)
      await tx.execute(sql`DELETE FROM liability_nodes WHERE snapshot_id = ${id}`)
      return true
    })
    if (done) pruned.push(id)
  }
  return pruned
}
