// Proof of conservation: over user and system accounts together, balances sum to zero per currency, and every
// balance equals the sum of its entries. One statement, so it reads one consistent snapshot even under load.
import { sql } from 'drizzle-orm'
import type { DbOrTx } from './types.ts'

export type Reconciliation = {
  ok: boolean
  /** Sum of all balances per currency, user and system accounts together: zero when money is conserved. */
  currencies: { currency: string; sum: string }[]
  accounts: number
  /** Accounts whose balance differs from the sum of their entries: zero when consistent. */
  mismatchedAccounts: number
  /** Each sub-ledger's accounts that differ from what its module says they hold (none when consistent). */
  subledgers: { name: string; mismatched: SubledgerMismatch[] }[]
}

/** An account whose balance differs from what the module owning its purpose says it holds. */
export type SubledgerMismatch = { ownerId: string; book: string; currency: string; held: string; balance: string }

/**
 * A module's own account of part of the ledger (the margin that orders hold, say), checked beside conservation. The
 * ledger knows no module's tables: each module names its check, and whoever reconciles passes it in.
 */
export type Subledger = { name: string; mismatches: (handle: DbOrTx) => Promise<SubledgerMismatch[]> }

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows

export async function reconcile(handle: DbOrTx, subledgers: readonly Subledger[] = []): Promise<Reconciliation> {
  const rows = rowsOf<{ currency: string | null; sum: string | null; accounts: string | number; mismatched: string | number }>(
    await handle.execute(sql`
      WITH sums AS (
        SELECT a.id, a.currency, a.balance, coalesce(sum(e.amount), 0) AS entry_sum
        FROM accounts a LEFT JOIN entries e ON e.account_id = a.id
        GROUP BY a.id, a.currency, a.balance
      )
      SELECT currency, sum(balance)::text AS sum, count(*) AS accounts,
             count(*) FILTER (WHERE balance <> entry_sum) AS mismatched
      FROM sums GROUP BY currency ORDER BY currency`),
  )
  const currencies = rows.map((r) => ({ currency: r.currency ?? '', sum: trim(r.sum ?? '0') }))
  const accounts = rows.reduce((n, r) => n + Number(r.accounts), 0)
  const mismatchedAccounts = rows.reduce((n, r) => n + Number(r.mismatched), 0)
  const checked = []
  for (const sub of subledgers) checked.push({ name: sub.name, mismatched: await sub.mismatches(handle) })
  const ok = mismatchedAccounts === 0 && currencies.every((c) => /^-?0(\.0*)?$/.test(c.sum)) && checked.every((c) => c.mismatched.length === 0)
  return { ok, currencies, accounts, mismatchedAccounts, subledgers: checked }
}

/** numeric's text with its trailing fraction zeros removed: 10000.000000000000000000 -> 10000. */
export const trim = (value: string) => (value.includes('.') ? value.replace(/\.?0+$/, '') : value)

/** For operators (node server/cli.ts reconcile): the verdict, then the counts and each currency's sum. */
export function formatReconciliation(found: Reconciliation): string {
  return [
    `ledger: ${found.ok ? 'consistent' : 'NOT CONSISTENT'}`,
    `accounts: ${found.accounts}, whose balance differs from their entries: ${found.mismatchedAccounts}`,
    ...found.currencies.map((c) => `sum of all balances in ${c.currency}: ${c.sum}`),
    ...found.subledgers.flatMap((sub) => [
      `${sub.name}: ${sub.mismatched.length === 0 ? 'consistent' : `${sub.mismatched.length} NOT CONSISTENT`}`,
      ...sub.mismatched.slice(0, 20).map((m) => `  ${m.ownerId} ${m.book} ${m.currency}: holds ${m.balance}, should hold ${m.held}`),
    ]),
  ].join('\n')
}

export type LedgerTotalRow = { book: 'demo' | 'live'; owner: 'user' | 'system'; kind: string; currency: string; total: string; accounts: number }

/** What each book holds per kind of account and currency, users' and the platform's apart (the console's totals). */
export async function ledgerTotals(handle: DbOrTx): Promise<LedgerTotalRow[]> {
  const rows = rowsOf<{ book: 'demo' | 'live'; system: boolean; kind: string; currency: string; total: string; accounts: string | number }>(
    await handle.execute(sql`
      SELECT book, owner_id IS NULL AS system, kind, currency, sum(balance)::text AS total, count(*) AS accounts
      FROM accounts GROUP BY book, owner_id IS NULL, kind, currency ORDER BY book DESC, system, kind, currency`),
  )
  return rows.map((r) => ({
    book: r.book,
    owner: r.system ? 'system' : 'user',
    kind: r.kind,
    currency: r.currency,
    total: trim(r.total),
    accounts: Number(r.accounts),
  }))
}
