// `node server/cli.ts reconcile` prints the full reconciliation for operators and exits 1 when the books disagree.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { openDb } from '../db/client.ts'
import { cliRunner } from '../test/helpers.ts'

const dirs: string[] = []
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))))

describe('node server/cli.ts reconcile', () => {
  it('prints the totals, and exits 1 once a balance no longer matches its entries', { timeout: 180_000 }, async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'keelson-reconcile-'))
    dirs.push(dataDir)
    const cli = cliRunner(dataDir)
    expect(await cli('reconcile')).toEqual({ code: 0, out: 'ledger: consistent\naccounts: 0, whose balance differs from their entries: 0\nmargin held by orders: consistent\nearn: principal held and reserve earmarked: consistent\nfinancing: principal held: consistent\nstaking: amounts committed: consistent\nheld by NFT bids: consistent\ndonated to charities: consistent\n' })

    // Only an owner who switches the ledger's guard off can do this; the reconciliation is what would notice.
    const handle = await openDb({ dataDir: join(dataDir, 'pglite') })
    try {
      await handle.db.execute(sql`INSERT INTO accounts (owner_id, currency, book, kind) VALUES (NULL, 'USDT', 'live', 'fees')`)
      await handle.db.execute(sql`ALTER TABLE accounts DISABLE TRIGGER accounts_guard`)
      await handle.db.execute(sql`UPDATE accounts SET balance = 5`)
    } finally {
      await handle.close()
    }
    expect(await cli('reconcile')).toEqual({
      code: 1,
      out: 'ledger: NOT CONSISTENT\naccounts: 1, whose balance differs from their entries: 1\nsum of all balances in USDT: 5\nmargin held by orders: consistent\nearn: principal held and reserve earmarked: consistent\nfinancing: principal held: consistent\nstaking: amounts committed: consistent\nheld by NFT bids: consistent\ndonated to charities: consistent\n',
    })
  })
})
