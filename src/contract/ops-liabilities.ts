// The console's view of proof-of-liabilities snapshots (docs/proof-of-liabilities.md): every published snapshot
// with its day, time, users, totals and root, whether its proofs are still kept, and the retention period after which
// the leader prunes them. Imported by the server and src/ops/ only.
import * as z from 'zod/mini'
import { Millis, Page, pageOf } from './endpoint.ts'
import { LiabilitySnapshot } from './liabilities.ts'
import type { OpsEndpoint } from './ops.ts'

export const OpsLiabilitySnapshot = z.extend(LiabilitySnapshot, {
  /** The UTC day it is the snapshot of (YYYY-MM-DD): one per day. */
  day: z.string(),
  /** When its leaves and nodes were deleted; null while its proofs are kept. */
  prunedAt: z.nullable(Millis),
})
export type OpsLiabilitySnapshot = z.infer<typeof OpsLiabilitySnapshot>

export const OpsLiabilitySnapshotPage = z.extend(pageOf(OpsLiabilitySnapshot), {
  /** Days a snapshot's proofs are kept (LIABILITY_PROOF_RETENTION_DAYS). */
  retentionDays: z.int(),
})
export type OpsLiabilitySnapshotPage = z.infer<typeof OpsLiabilitySnapshotPage>

export const opsLiabilitiesApi = {
  snapshots: { method: 'GET', path: '/ops/liabilities/snapshots', query: Page, data: OpsLiabilitySnapshotPage, auth: false, roles: ['finance'] },
} as const satisfies Record<string, OpsEndpoint>
