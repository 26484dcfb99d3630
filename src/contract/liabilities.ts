// Proof of liabilities (docs/proof-of-liabilities.md): once a day the platform publishes the root of a Merkle sum tree
// of what it owes each user on the live book; a user fetches their inclusion proof and checks it in the browser
// (liability-tree.ts). Amounts in the tree are integers in the currency's smallest unit (`scale` decimals).
import * as z from 'zod/mini'
import { Decimal, Int8Id, Millis, Page, pageOf, type Endpoint } from './endpoint.ts'

const Hash = z.string().check(z.regex(/^[0-9a-f]{64}$/))
const Units = z.string().check(z.regex(/^(0|[1-9]\d*)$/))

export const SnapshotCurrency = z.object({
  currency: z.string(),
  /** Decimals of the currency: an amount of `units` is units / 10^scale. */
  scale: z.int(),
  /** The root's sum for this currency: everything owed, in smallest units. */
  totalUnits: Units,
  /** The same, as a decimal. */
  total: Decimal,
})
export type SnapshotCurrency = z.infer<typeof SnapshotCurrency>

export const LiabilitySnapshot = z.object({
  id: Int8Id,
  /** When the balances were read (the app's clock). */
  publishedAt: Millis,
  root: Hash,
  /** The tree's currencies, in the order every sums vector follows. */
  currencies: z.array(SnapshotCurrency),
  /** Users in the tree (each with a balance above zero in some currency). */
  leafCount: z.int(),
  /** Its leaves and nodes were deleted after the retention period: the root and totals stay, proofs are gone. */
  pruned: z.boolean(),
})
export type LiabilitySnapshot = z.infer<typeof LiabilitySnapshot>

export const ProofStep = z.object({ side: z.enum(['left', 'right']), hash: Hash, sums: z.array(Units) })

export const LiabilityProof = z.object({
  userId: z.string(),
  salt: Hash,
  balances: z.array(Units),
  path: z.array(ProofStep),
})
export type LiabilityProof = z.infer<typeof LiabilityProof>

/**
 * The caller's proof in one snapshot (the latest, or the one asked for). null snapshot: none published yet; null proof:
 * the caller was owed nothing then, or the snapshot is pruned (snapshot.pruned).
 */
export const MyLiabilityProof = z.object({ snapshot: z.nullable(LiabilitySnapshot), proof: z.nullable(LiabilityProof) })
export type MyLiabilityProof = z.infer<typeof MyLiabilityProof>

export const LiabilitySnapshotPage = pageOf(LiabilitySnapshot)
export type LiabilitySnapshotPage = z.infer<typeof LiabilitySnapshotPage>

/** Which snapshot: its id, as the list of roots gives it; absent, the latest. */
export const MyProofQuery = z.object({ snapshot: z.optional(Int8Id) })

export const liabilitiesApi = {
  /** The caller's inclusion proof in the latest snapshot, or in `snapshot` (404 if no such snapshot was published). */
  myProof: { method: 'GET', path: '/getLiabilityProof', query: MyProofQuery, data: MyLiabilityProof, auth: true },
  /** Every published root, newest first: public, so anyone can keep a copy. */
  roots: { method: 'GET', path: '/getLiabilityRoots', query: Page, data: LiabilitySnapshotPage, auth: false },
} as const satisfies Record<string, Endpoint>
