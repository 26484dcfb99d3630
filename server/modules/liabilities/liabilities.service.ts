// Reads of published snapshots: the public list of roots, and a user's inclusion proof in the latest snapshot or an
// earlier one they pick (their leaf, then one indexed read of the siblings on their path: liabilities.tree.ts
// siblingsOf). A snapshot pruned after the retention period (liabilities.prune.ts) still lists its root and totals,
// marked pruned, and gives no proof.
import { sql } from 'drizzle-orm'
import { unitsToDecimal } from '#contract/liability-tree.ts'
import type { LiabilitySnapshot, LiabilitySnapshotPage, MyLiabilityProof } from '#contract/liabilities.ts'
import type { OpsLiabilitySnapshotPage } from '#contract/ops-liabilities.ts'
import { AppError } from '../../app-error.ts'
import type { Db } from '../../db/client.ts'
import type { SnapshotCurrencyRow } from './liabilities.table.ts'
import { siblingsOf } from './liabilities.tree.ts'

type SnapshotRow = { id: string; publishedAt: string | number; root: string; currencies: SnapshotCurrencyRow[]; leafCount: number; pruned: boolean }

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows
const splitSums = (sums: string) => (sums === '' ? [] : sums.split(','))

// Newest first by the bigint id: ordered as `s.id`, since `id` alone would name the text column answered.
// Read FROM liability_snapshots s (the pruned flag looks up liability_pruned by its key).
const SNAPSHOT_COLUMNS = sql`s.id::text AS id, (extract(epoch FROM s.published_at) * 1000)::bigint::text AS "publishedAt", s.root, s.currencies,
  s.leaf_count AS "leafCount", EXISTS (SELECT 1 FROM liability_pruned p WHERE p.snapshot_id = s.id) AS pruned`

function snapshotOf(row: SnapshotRow): LiabilitySnapshot {
  return {
    id: row.id,
    publishedAt: Number(row.publishedAt),
    root: row.root,
    currencies: row.currencies.map((c) => ({ ...c, total: unitsToDecimal(c.totalUnits, c.scale) })),
    leafCount: row.leafCount,
    pruned: row.pruned === true,
  }
}

export async function liabilityRoots(db: Db, page: number, size: number): Promise<LiabilitySnapshotPage> {
  const [list, total] = await Promise.all([
    db.execute(sql`SELECT ${SNAPSHOT_COLUMNS} FROM liability_snapshots s ORDER BY s.id DESC LIMIT ${size} OFFSET ${(page - 1) * size}`),
    db.execute(sql`SELECT count(*)::int AS n FROM liability_snapshots`),
  ])
  return { list: rowsOf<SnapshotRow>(list).map(snapshotOf), total: rowsOf<{ n: number }>(total)[0]!.n, page, size }
}

/** The console's list: every snapshot, newest first, with its day and when its proofs were pruned. */
export async function opsSnapshots(db: Db, page: number, size: number, retentionDays: number): Promise<OpsLiabilitySnapshotPage> {
  const [list, total] = await Promise.all([
    db.execute(sql`
      SELECT ${SNAPSHOT_COLUMNS}, s.day::text AS day, (extract(epoch FROM pr.pruned_at) * 1000)::bigint::text AS "prunedAt"
        FROM liability_snapshots s LEFT JOIN liability_pruned pr ON pr.snapshot_id = s.id
       ORDER BY s.id DESC LIMIT ${size} OFFSET ${(page - 1) * size}`),
    db.execute(sql`SELECT count(*)::int AS n FROM liability_snapshots`),
  ])
  const rows = rowsOf<SnapshotRow & { day: string; prunedAt: string | null }>(list)
  return {
    list: rows.map((r) => ({ ...snapshotOf(r), day: r.day, prunedAt: r.prunedAt === null ? null : Number(r.prunedAt) })),
    total: rowsOf<{ n: number }>(total)[0]!.n,
    page,
    size,
    retentionDays,
  }
}

/** The caller's proof in snapshot `snapshotId`, or in the latest when it is absent; 404 for an id never published. */
export async function myLiabilityProof(db: Db, userId: string, snapshotId?: string): Promise<MyLiabilityProof> {
  const latest = rowsOf<SnapshotRow>(
    await db.execute(
      snapshotId === undefined
        ? sql`SELECT ${SNAPSHOT_COLUMNS} FROM liability_snapshots s ORDER BY s.id DESC LIMIT 1`
        : sql`SELECT ${SNAPSHOT_COLUMNS} FROM liability_snapshots s WHERE s.id = ${snapshotId}::bigint`,
    ),
  )[0]
  if (!latest) {
    if (snapshotId !== undefined) throw new AppError(404, 'liabilitySnapshotNotFound')
    return { snapshot: null, proof: null }
  }
  const snapshot = snapshotOf(latest)
  if (snapshot.pruned) return { snapshot, proof: null }
  const leaf = rowsOf<{ idx: number; salt: string }>(
    await db.execute(sql`SELECT idx, salt FROM liability_leaves WHERE snapshot_id = ${latest.id}::bigint AND user_id = ${userId}::uuid`),
  )[0]
  if (!leaf) return { snapshot, proof: null }
  const wanted = [{ level: 0, idx: leaf.idx }, ...siblingsOf(leaf.idx, snapshot.leafCount)]
  const nodes = rowsOf<{ level: number; idx: number; hash: string; sums: string }>(
    await db.execute(sql`
      SELECT n.level, n.idx, n.hash, n.sums FROM liability_nodes n
        JOIN unnest(${`{${wanted.map((w) => w.level).join(',')}}`}::smallint[], ${`{${wanted.map((w) => w.idx).join(',')}}`}::int[]) AS w(level, idx)
          ON n.level = w.level AND n.idx = w.idx
       WHERE n.snapshot_id = ${latest.id}::bigint`),
  )
  const at = new Map(nodes.map((n) => [`${n.level}:${n.idx}`, n]))
  const node = (level: number, idx: number) => at.get(`${level}:${idx}`)!
  return {
    snapshot,
    proof: {
      userId,
      salt: leaf.salt,
      balances: splitSums(node(0, leaf.idx).sums),
      path: siblingsOf(leaf.idx, snapshot.leafCount).map((s) => ({ side: s.side, hash: node(s.level, s.idx).hash, sums: splitSums(node(s.level, s.idx).sums) })),
    },
  }
}
