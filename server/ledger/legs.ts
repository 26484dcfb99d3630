// A posting's legs as ledger_post_batch reads them, checked before any SQL: each leg names an account id or a spec,
// its currency is one the ledger knows (the currencies table, 0008_ledger_hardening.sql), its amount has no more
// decimals than that currency's scale and fits numeric(38,18), and the legs balance per currency. The database checks
// all of it again; checking here first turns a mistake into a clear 400 instead of a database error.
import { sql } from 'drizzle-orm'
import { AppError } from '../app-error.ts'
import { perDatabase } from '../db/per-database.ts'
import { Decimal } from './decimal.ts'
import type { AccountSpec, DbOrTx } from './types.ts'

export type Leg = { accountId?: string; account?: AccountSpec; amount: string; currency: string }

/** `shard`: which of the house's rows a system account leg goes to (shards.ts); null for a user's or an id's leg. */
export type ItemLeg = { account: string | null; owner: string | null; book: string | null; kind: string | null; shard: number | null; currency: string; amount: string }

/** numeric(38,18) holds less than 10^20 in absolute value. */
export const AMOUNT_LIMIT = new Decimal('1e20')

// Currencies are only ever added, so a cached scale stays true; an unknown code reloads once before it is refused.
// One cache per database (per-database.ts): another app in the process may know other currencies.
const scalesOf = perDatabase<{ scales: Map<string, number> | null }>(() => ({ scales: null }))

async function loadScales(handle: DbOrTx): Promise<Map<string, number>> {
  const { rows } = (await handle.execute(sql`SELECT code, scale FROM currencies`)) as unknown as { rows: { code: string; scale: number }[] }
  return new Map(rows.map((r) => [r.code, Number(r.scale)]))
}

export async function scaleOf(handle: DbOrTx, currency: string): Promise<number> {
  const cache = scalesOf(handle)
  if (!cache.scales?.has(currency)) cache.scales = await loadScales(handle)
  const scale = cache.scales.get(currency)
  if (scale === undefined) throw new AppError(400, 'unknownCurrency', { currency })
  return scale
}

/** Amounts as decimal strings; zero legs are dropped; what is left must balance per currency. A house leg that names
 * no shard goes to `shard` (the posting's user's, shards.ts). */
export async function checkLegs(handle: DbOrTx, input: Leg[], shard = 0): Promise<ItemLeg[]> {
  const sums = new Map<string, Decimal>()
  const legs: ItemLeg[] = []
  for (const leg of input) {
    if (!leg.accountId === !leg.account) throw new Error('ledger: a leg names an account id or a spec, not both')
    const scale = await scaleOf(handle, leg.currency)
    const value = new Decimal(leg.amount)
    if (!value.isFinite()) throw new Error(`ledger: bad amount ${leg.amount}`)
    if (value.abs().gte(AMOUNT_LIMIT)) throw new AppError(400, 'amountTooLarge', { amount: leg.amount })
    if (value.decimalPlaces() > scale) throw new AppError(400, 'amountTooPrecise', { amount: leg.amount, currency: leg.currency, scale })
    if (value.isZero()) continue
    sums.set(leg.currency, (sums.get(leg.currency) ?? new Decimal(0)).plus(value))
    legs.push({
      account: leg.accountId ?? null,
      owner: leg.account?.ownerId ?? null,
      book: leg.account?.book ?? null,
      kind: leg.account?.kind ?? null,
      shard: leg.account && leg.account.ownerId === null ? (leg.account.shard ?? shard) : null,
      currency: leg.currency,
      amount: value.toFixed(),
    })
  }
  for (const [currency, sum] of sums) if (!sum.isZero()) throw new Error(`ledger: legs do not balance in ${currency}`)
  return legs
}
