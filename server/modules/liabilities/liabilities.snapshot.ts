// The daily snapshot (a leader job, server/jobs/jobs.ts): reads what every user is owed on the live book in one
// statement, builds the sum tree in memory (liabilities.tree.ts) and stores the snapshot, its leaves and its nodes in
// one transaction, so a crash half-way publishes nothing and the next run starts again. A day publishes once: the
// snapshot's `day` is unique (0042_proof_of_liabilities.sql), so a second run that day, or a second process racing
// this one, inserts nothing and writes nothing else.
import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { bytesToHex } from '#contract/liability-tree.ts'
import type { Db } from '../../db/client.ts'
import { owedPerUser } from '../../ledger/liabilities.ts'
import type { Tx } from '../../ledger/types.ts'
import { buildTree, type LeafInput, type LiabilityTree } from './liabilities.tree.ts'
import type { SnapshotCurrencyRow } from './liabilities.table.ts'

export const DAY_MS = 24 * 60 * 60 * 1000

/** Rows per INSERT: a few hundred kilobytes of parameters each. */
const CHUNK = 10_000

/** The UTC day of an instant, as PostgreSQL's date reads it ("2026-11-28"). */
export const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10)

export type Published = { id: number; day: string; root: string; leafCount: number }

/** Publishes today's snapshot unless the day has one; answers it, or null when there was nothing to do. */
export async function publishDailySnapshot(db: Db, now: number): Promise<Published | null> {
  const day = dayOf(now)
  const { rows } = (await db.execute(sql`SELECT 1 FROM liability_snapshots WHERE day = ${day}::date`)) as unknown as { rows: unknown[] }
  if (rows.length > 0) return null
  return publishSnapshot(db, now, day)
}

/** Reads the live book and publishes its tree under `day`; null when `day` already has a snapshot. */
export async function publishSnapshot(db: Db, now: number, day: string): Promise<Published | null> {
  const { tree, currencies } = await liveTree(db)
  return db.transaction(async (tx) => {
    const { rows } = (await tx.execute(sql`
      INSERT INTO liability_snapshots (day, published_at, root, currencies, leaf_count)
      VALUES (${day}::date, ${new Date(now).toISOString()}::timestamptz, ${tree.root}, ${JSON.stringify(currencies)}::jsonb, ${tree.leaves.length})
      ON CONFLICT (day) DO NOTHING
      RETURNING id::int AS id`)) as unknown as { rows: { id: number }[] }
    const id = rows[0]?.id
    if (id === undefined) return null
    await storeTree(tx, id, tree)
    return { id, day, root: tree.root, leafCount: tree.leaves.length }
  })
}

/** The live book's tree: every user owed something, each with a fresh 32-byte salt; currencies in code order. */
export async function liveTree(db: Db): Promise<{ tree: LiabilityTree; currencies: SnapshotCurrencyRow[] }> {
  const owed = await owedPerUser(db, 'live')
  const scales = new Map(owed.map((r) => [r.currency, r.scale]))
  const codes = [...scales.keys()].sort()
  const column = new Map(codes.map((code, i) => [code, i]))
  const byUser = new Map<string, string[]>()
  for (const row of owed) {
    let balances = byUser.get(row.userId)
    if (!balances) byUser.set(row.userId, (balances = new Array<string>(codes.length).fill('0')))
    balances[column.get(row.currency)!] = row.units
  }
  const salts = randomBytes(32 * byUser.size)
  const leaves: LeafInput[] = [...byUser].map(([userId, balances], i) => ({ userId, salt: salts.subarray(32 * i, 32 * (i + 1)), balances }))
  const tree = buildTree(leaves, codes.length)
  const currencies = codes.map((currency, i) => ({ currency, scale: scales.get(currency)!, totalUnits: tree.totals[i]! }))
  return { tree, currencies }
}

const arrayOf = (values: string[]) => `{${values.map((v) => `"${v}"`).join(',')}}`

async function storeTree(tx: Tx, snapshotId: number, tree: LiabilityTree): Promise<void> {
  for (let from = 0; from < tree.leaves.length; from += CHUNK) {
    const chunk = tree.leaves.slice(from, from + CHUNK)
    await tx.execute(sql`
      INSERT INTO liability_leaves (snapshot_id, user_id, idx, salt)
      SELECT ${snapshotId}, u.user_id, u.idx, u.salt
        FROM unnest(${arrayOf(chunk.map((l) => l.userId))}::uuid[], ${arrayOf(chunk.map((_, i) => String(from + i)))}::int[],
                    ${arrayOf(chunk.map((l) => bytesToHex(l.salt)))}::text[]) AS u(user_id, idx, salt)`)
  }
  for (const [level, nodes] of tree.levels.entries()) {
    for (let from = 0; from < nodes.length; from += CHUNK) {
      const chunk = nodes.slice(from, from + CHUNK)
      await tx.execute(sql`
        INSERT INTO liability_nodes (snapshot_id, level, idx, hash, sums)
        SELECT ${snapshotId}, ${level}, u.idx, u.hash, u.sums
          FROM unnest(${arrayOf(chunk.map((_, i) => String(from + i)))}::int[], ${arrayOf(chunk.map((n) => bytesToHex(n.hash)))}::text[],
                      ${arrayOf(chunk.map((n) => n.sums.join(',')))}::text[]) AS u(idx, hash, sums)`)
    }
  }
}
