// `node server/cli.ts content remove-samples`: deletes the sample set a fresh install ships. A sample is any row
// with `sample = true` in any table that has a boolean `sample` column (documents, help answers, articles...), so a
// module that ships samples only follows the convention. Audited as the command line's action.
import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { audit, CLI_ACTOR } from '../ops/audit.ts'

export const CONTENT_USAGE = `  node server/cli.ts content remove-samples   delete every row marked sample (documents, help answers, articles ...)`

/** Rows deleted per table; tables without samples are left out. */
export async function removeSamples(db: Db): Promise<Record<string, number>> {
  return db.transaction(async (tx) => {
    const { rows: tables } = (await tx.execute(sql`
      SELECT table_name FROM information_schema.columns
      WHERE table_schema = current_schema() AND column_name = 'sample' AND data_type = 'boolean'
      ORDER BY table_name`)) as unknown as { rows: { table_name: string }[] }
    const removed: Record<string, number> = {}
    for (const { table_name } of tables) {
      const { rows } = (await tx.execute(
        sql`WITH gone AS (DELETE FROM ${sql.identifier(table_name)} WHERE sample RETURNING 1) SELECT count(*)::int AS n FROM gone`,
      )) as unknown as { rows: { n: number }[] }
      if (rows[0]!.n > 0) removed[table_name] = rows[0]!.n
    }
    await audit(tx, CLI_ACTOR, { action: 'content.removeSamples', subject: 'content:samples', after: removed })
    return removed
  })
}

export function formatRemoved(removed: Record<string, number>): string {
  const lines = Object.entries(removed).map(([table, n]) => `  ${table}: ${n}`)
  return lines.length ? `Removed the sample content:\n${lines.join('\n')}` : 'No sample content left.'
}
