import { queryOptions } from '@tanstack/react-query'
import { liabilitiesApi, type LiabilityProof, type LiabilitySnapshot } from '#contract/liabilities.ts'
import { verifyInclusion } from '#contract/liability-tree.ts'
import { api } from '../../lib/api.ts'
import { asUser } from '../../lib/private-query.ts'
import { userKeys, type UserId } from '../../lib/query-keys.ts'
import { STALE } from '../../lib/stale.ts'

export const ROOTS_PAGE_SIZE = 10

const proofKeys = (userId: UserId) => [...userKeys.of(userId), 'liability-proof'] as const
// A public root of its own here rather than in src/lib/query-keys.ts, which the first visit loads: nothing else
// refreshes the published roots.
const rootsKey = ['liability-roots'] as const

export const proofQueries = {
  /** The caller's proof in the latest snapshot, or in snapshot `snapshotId` picked from the published roots. */
  mine: (userId: UserId, snapshotId: string | null = null) =>
    queryOptions({
      queryKey: [...proofKeys(userId), snapshotId ?? 'latest'],
      queryFn: asUser(userId, () => api(liabilitiesApi.myProof, { query: snapshotId === null ? {} : { snapshot: snapshotId } })),
      staleTime: STALE.minute,
    }),
  roots: (page: number) =>
    queryOptions({
      queryKey: [...rootsKey, page],
      queryFn: () => api(liabilitiesApi.roots, { query: { page, size: ROOTS_PAGE_SIZE } }),
      staleTime: STALE.minute,
    }),
  /** The check itself, in this browser (WebCrypto SHA-256): the proof against the root and totals published. */
  check: (userId: UserId, snapshot: LiabilitySnapshot, proof: LiabilityProof) =>
    queryOptions({
      queryKey: [...proofKeys(userId), 'check', snapshot.id, snapshot.root],
      queryFn: () => verifyInclusion(proof, { root: snapshot.root, totals: snapshot.currencies.map((c) => c.totalUnits) }),
      staleTime: STALE.forever,
    }),
}
