// Proof of liabilities (0042_proof_of_liabilities.sql, docs/proof-of-liabilities.md): the published snapshots, one per
// UTC day and append-only in the database; each user's leaf (their secret salt and place in the tree); and every
// node of the tree, so a proof is a handful of indexed reads. Hashes are lowercase hex; sums are the amounts in
// smallest units joined by commas, in the snapshot's currency order (src/contract/liability-tree.ts encodeSums).
import { bigint, date, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core'

/** One currency of a snapshot: its scale and what the root's sum says is owed in it, in smallest units. */
export type SnapshotCurrencyRow = { currency: string; scale: number; totalUnits: string }

export const liabilitySnapshots = pgTable('liability_snapshots', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  /** The UTC day this is the snapshot of (the app's clock): unique, so a day publishes once. */
  day: date('day').notNull().unique(),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
  root: text('root').notNull(),
  currencies: jsonb('currencies').$type<SnapshotCurrencyRow[]>().notNull(),
  leafCount: integer('leaf_count').notNull(),
})

export const liabilityLeaves = pgTable(
  'liability_leaves',
  {
    snapshotId: bigint('snapshot_id', { mode: 'number' })
      .notNull()
      .references(() => liabilitySnapshots.id),
    userId: uuid('user_id').notNull(),
    /** The leaf's place on level 0 of the tree. */
    idx: integer('idx').notNull(),
    /** 32 random bytes, hex: given to this user only, with their proof. */
    salt: text('salt').notNull(),
  },
  (t) => [primaryKey({ columns: [t.snapshotId, t.userId] })],
)

export const liabilityNodes = pgTable(
  'liability_nodes',
  {
    snapshotId: bigint('snapshot_id', { mode: 'number' })
      .notNull()
      .references(() => liabilitySnapshots.id),
    /** 0 for the leaves; the root is alone on the last level. */
    level: smallint('level').notNull(),
    idx: integer('idx').notNull(),
    hash: text('hash').notNull(),
    sums: text('sums').notNull(),
  },
  (t) => [primaryKey({ columns: [t.snapshotId, t.level, t.idx] })],
)

/** Snapshots whose leaves and nodes were deleted after the retention period (0047_liability_proof_retention.sql):
 * append-only, written in the transaction that deletes them, which the database refuses without this row. */
export const liabilityPruned = pgTable('liability_pruned', {
  snapshotId: bigint('snapshot_id', { mode: 'number' })
    .primaryKey()
    .references(() => liabilitySnapshots.id),
  prunedAt: timestamp('pruned_at', { withTimezone: true }).notNull(),
})
