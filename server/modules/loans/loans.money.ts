// The journals of loans, live book only (server/ledger/post.ts):
// - credit: the house's lending_reserve -> the borrower's available, the principal, at approval, loan-credit:<id>;
// - repayment: the borrower's available -> lending_reserve, keyed by the caller's derived Idempotency-Key;
// - funding: lending_capital -> lending_reserve, an operator's, lending-fund:<reference>.
// What is owed is the loan row's (total repayment + damages charged − repaid); the ledger moves only money.
import { dec } from '#contract/trading-math.ts'
import type { JournalInput, Leg } from '../../ledger/post.ts'
import type { SystemKind } from '../../ledger/types.ts'
import type { LoanRow } from './loans.table.ts'

const house = (kind: SystemKind, currency: string, amount: string): Leg => ({ account: { ownerId: null, book: 'live', kind }, currency, amount })
const available = (userId: string, currency: string, amount: string): Leg => ({ account: { ownerId: userId, book: 'live', kind: 'available' }, currency, amount })
const neg = (v: string) => dec(v).neg().toFixed()

export const creditJournal = (row: LoanRow): JournalInput => ({
  kind: 'loan',
  reason: 'loan.credit',
  reference: String(row.id),
  idempotencyKey: `loan-credit:${row.id}`,
  userId: row.userId,
  legs: [house('lending_reserve', row.currency, neg(row.amount)), available(row.userId, row.currency, dec(row.amount).toFixed())],
})

export const repaymentJournal = (row: LoanRow, amount: string, key: string): JournalInput => ({
  kind: 'loan',
  reason: 'loan.repayment',
  reference: String(row.id),
  idempotencyKey: key,
  userId: row.userId,
  legs: [available(row.userId, row.currency, neg(amount)), house('lending_reserve', row.currency, dec(amount).toFixed())],
})

export const fundingJournal = (currency: string, amount: string, reference: string): JournalInput => ({
  kind: 'lending',
  reason: 'lending.funding',
  reference,
  idempotencyKey: `lending-fund:${reference}`,
  userId: null,
  legs: [house('lending_capital', currency, neg(amount)), house('lending_reserve', currency, dec(amount).toFixed())],
})
