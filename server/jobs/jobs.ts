// The jobs the leader runs (runner.ts). Each must be safe to run again after a crash half-way.
import type { FastifyInstance } from 'fastify'
import { pruneIdempotencyKeys } from '../idempotency/store.ts'
import { runAccrual } from '../modules/earn/accrual.ts'
import { pruneLiabilityProofs } from '../modules/liabilities/liabilities.prune.ts'
import { runStakingAccrual } from '../modules/staking/staking.accrual.ts'
import { runMaturity } from '../modules/financing/maturity.ts'
import { publishDailySnapshot } from '../modules/liabilities/liabilities.snapshot.ts'
import { settleDueItems } from '../modules/nfts/nfts.settle.ts'
import { chargeOverdueLoans } from '../modules/loans/loans.late.ts'
import type { Job } from './runner.ts'

const MINUTE_MS = 60_000

export const leaderJobs = (app: FastifyInstance): Job[] => [
  // Keys are kept 24 h (KEEP_KEYS_MS), then go within the next period.
  { name: 'prune idempotency keys', everyMs: 10 * MINUTE_MS, run: (now) => pruneIdempotencyKeys(app.db, now) },
  // Smart plans' daily earnings (modules/earn/accrual.ts): a run pays each day once, so running it often only makes
  // a day's credit come soon after 00:00 UTC.
  { name: 'earn accrual', everyMs: 5 * MINUTE_MS, run: () => runAccrual(app) },
  { name: 'staking rewards', everyMs: 5 * MINUTE_MS, run: () => runStakingAccrual(app) },
  // Financing orders due pay principal and interest (modules/financing/maturity.ts), once each whenever it runs.
  { name: 'financing maturity', everyMs: 5 * MINUTE_MS, run: () => runMaturity(app) },
  // Proof of liabilities: the day's snapshot of the live book, once per UTC day (its day is unique); checked every
  // 10 minutes, so it is published within minutes of midnight UTC, or of a start.
  { name: 'publish liability snapshot', everyMs: 10 * MINUTE_MS, run: (now) => publishDailySnapshot(app.db, now) },
  // Leaves and nodes of snapshots past the retention period (LIABILITY_PROOF_RETENTION_DAYS) go, a few snapshots a
  // run; their published roots stay for good.
  { name: 'prune old liability proofs', everyMs: 60 * MINUTE_MS, run: (now) => pruneLiabilityProofs(app.db, now, app.conf.liabilityProofRetentionDays) },
  // An auction past its end settles within a tick or two (modules/nfts/nfts.settle.ts); until then it reads "ended".
  { name: 'settle ended NFT auctions', everyMs: 5_000, run: (now) => settleDueItems(app, now) },
  // Each whole day late is charged once per loan (loan_late_days' key); hourly, so a day is charged within the hour
  // it ends, and a leader that was down catches up every missed day at its next run.
  { name: 'loan damages for late days', everyMs: 60 * MINUTE_MS, run: (now) => chargeOverdueLoans(app, now) },
]
