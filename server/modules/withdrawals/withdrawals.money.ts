// The three journals of a withdrawal, each in the transaction that changes the row's state (withdrawals.service.ts,
// withdrawals.ops.ts):
// - request: available -> locked, the whole amount, keyed by the caller's derived Idempotency-Key;
// - paid: locked -> the platform's withdrawals_clearing (what left on chain) and fees (the fee), withdrawal-paid:<id>;
// - rejected: locked -> available, withdrawal-rejected:<id>.
// A row's journals are derived from the row alone, so an operator's retry or a second server posts nothing twice.
// Live book only: demo money never leaves.
import { dec } from '#contract/trading-math.ts'
import type { JournalInput, Leg } from '../../ledger/post.ts'
import type { SystemKind, UserKind } from '../../ledger/types.ts'
import type { WithdrawalRow } from './withdrawals.table.ts'

const userLeg = (userId: string, kind: UserKind, currency: string, amount: string): Leg => ({
  account: { ownerId: userId, book: 'live', kind },
  currency,
  amount,
})
const houseLeg = (kind: SystemKind, currency: string, amount: string): Leg => ({ account: { ownerId: null, book: 'live', kind }, currency, amount })
const neg = (v: string) => dec(v).neg().toFixed()

export const requestJournal = (row: WithdrawalRow): JournalInput => ({
  kind: 'withdrawal',
  reason: 'withdrawal.request',
  reference: String(row.id),
  idempotencyKey: row.requestKey,
  userId: row.userId,
  legs: [userLeg(row.userId, 'available', row.currency, neg(row.amount)), userLeg(row.userId, 'locked', row.currency, dec(row.amount).toFixed())],
})

export const paidJournal = (row: WithdrawalRow): JournalInput => ({
  kind: 'withdrawal',
  reason: 'withdrawal.paid',
  reference: String(row.id),
  idempotencyKey: `withdrawal-paid:${row.id}`,
  userId: row.userId,
  legs: [
    userLeg(row.userId, 'locked', row.currency, neg(row.amount)),
    houseLeg('withdrawals_clearing', row.currency, dec(row.receive).toFixed()),
    houseLeg('fees', row.currency, dec(row.fee).toFixed()),
  ],
})

export const rejectedJournal = (row: WithdrawalRow): JournalInput => ({
  kind: 'withdrawal',
  reason: 'withdrawal.rejected',
  reference: String(row.id),
  idempotencyKey: `withdrawal-rejected:${row.id}`,
  userId: row.userId,
  legs: [userLeg(row.userId, 'locked', row.currency, neg(row.amount)), userLeg(row.userId, 'available', row.currency, dec(row.amount).toFixed())],
})
