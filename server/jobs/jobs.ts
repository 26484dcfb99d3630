// The jobs the leader runs (runner.ts). Each must be safe to run again after a crash half-way.
import type { FastifyInstance } from 'fastify'
import { pruneIdempotencyKeys } from '../idempotency/store.ts'
import { chargeOverdueLoans } from '../modules/loans/loans.late.ts'
import type { Job } from './runner.ts'

const MINUTE_MS = 60_000

export const leaderJobs = (app: FastifyInstance): Job[] => [
  // Keys are kept 24 h (KEEP_KEYS_MS), then go within the next period.
  { name: 'prune idempotency keys', everyMs: 10 * MINUTE_MS, run: (now) => pruneIdempotencyKeys(app.db, now) },
  // Each whole day late is charged once per loan (loan_late_days' key); hourly, so a day is charged within the hour
  // it ends, and a leader that was down catches up every missed day at its next run.
  { name: 'loan damages for late days', everyMs: 60 * MINUTE_MS, run: (now) => chargeOverdueLoans(app, now) },
]
