// A loan row as the contract's Loan, and the row's facts for its agreement (loans.pdf.ts).
import type { FastifyInstance } from 'fastify'
import { DAY_MS, money } from '#contract/loan-math.ts'
import type { Loan } from '#contract/loans.ts'
import { dec } from '#contract/trading-math.ts'
import { trim } from '../../ledger/reconcile.ts'
import type { AgreementFacts, Signature } from './loans.pdf.ts'
import type { LoanRow } from './loans.table.ts'

/** total repayment + damages charged − repaid. */
export const owedOf = (row: LoanRow) => dec(row.totalRepayment).plus(row.damagesCharged).minus(row.repaid)

/** Before approval the due date is the one the term would reach if credited now (the agreement says so). */
export const dueAtOf = (row: LoanRow, now: number) => row.dueAt ?? now + row.termDays * DAY_MS

export function toLoan(row: LoanRow, now: number): Loan {
  return {
    id: String(row.id),
    currency: row.currency,
    amount: money(row.amount),
    termDays: row.termDays,
    dailyRate: trim(row.dailyRate),
    lateDailyRate: trim(row.lateDailyRate),
    interest: money(row.interest),
    totalRepayment: money(row.totalRepayment),
    damagesPerDay: money(row.damagesPerDay),
    damagesCharged: money(row.damagesCharged),
    repaid: money(row.repaid),
    owed: money(owedOf(row)),
    status: row.status,
    signedAt: row.signedAt,
    approvedAt: row.approvedAt,
    dueAt: dueAtOf(row, now),
    rejectReason: row.rejectReason,
    createdAt: row.createdAt,
  }
}

/** The agreement's facts: the row's numbers; the date the loan was asked; its due date if credited that day. */
export function factsOf(app: FastifyInstance, row: LoanRow, borrower: string): AgreementFacts {
  return {
    id: String(row.id),
    language: row.language,
    lender: app.conf.platformName,
    borrower,
    createdAt: row.createdAt,
    currency: row.currency,
    amount: money(row.amount),
    termDays: row.termDays,
    dailyRate: trim(row.dailyRate),
    lateDailyRate: trim(row.lateDailyRate),
    interest: money(row.interest),
    totalRepayment: money(row.totalRepayment),
    dueAt: row.createdAt + row.termDays * DAY_MS,
    damagesPerDay: money(row.damagesPerDay),
  }
}

/** pdf-lib, fontkit and the fonts load with the first agreement written, not at every start (bench:start). */
export async function writeAgreement(app: FastifyInstance, row: LoanRow, borrower: string, signature: Signature | null): Promise<Uint8Array> {
  const { agreementPdf } = await import('./loans.pdf.ts')
  return agreementPdf(factsOf(app, row, borrower), signature, (key, values) => app.translate(row.language, key, values))
}
