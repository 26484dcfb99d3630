// Loans (/customer/loan, /customer/repayment, /queryMyLoanOrders; docs/api.md "Loans"): a verified user asks for an
// amount over a term, reads the agreement the server wrote (a PDF in their language), signs it by drawing, and an
// operator approves it, which credits the principal from the house's lending reserve to the live book. The user
// repays in full or in parts; each whole day late adds the disclosed liquidated damages. The numbers: loan-math.ts.
import * as z from 'zod/mini'
import { Decimal, Int8Id, Millis, Page, PositiveDecimal, pageOf, type Endpoint } from './endpoint.ts'

/** not_signed: asked, agreement written; signed: waiting for an operator (the user may re-sign); active: credited,
 * owed; repaid: nothing owed; rejected: an operator refused it (nothing was credited). */
export const LOAN_STATUSES = ['not_signed', 'signed', 'active', 'repaid', 'rejected'] as const
export const LoanStatus = z.enum(LOAN_STATUSES)
export type LoanStatus = z.infer<typeof LoanStatus>

/** The caller's offer: terms and the limits of their verification level (docs/api.md "Loans"). */
export const LoanTerms = z.object({
  verified: z.boolean(),
  currency: z.string(),
  dailyRate: Decimal,
  lateDailyRate: Decimal,
  termDays: z.array(z.int()),
  min: Decimal,
  max: Decimal,
})
export type LoanTerms = z.infer<typeof LoanTerms>

export const ApplyLoan = z.object({
  /** Checked by loanIssue (loan-math.ts): empty is 'enter loan amount', then the limits. */
  amount: z.string().check(z.maxLength(40)),
  termDays: z.int().check(z.gte(1), z.lte(3650)),
})
export type ApplyLoan = z.infer<typeof ApplyLoan>

/** A drawn signature: a PNG, base64 without the data: prefix (a canvas's toDataURL, cut after the comma). */
export const SIGNATURE_MAX_CHARS = 90_000
export const SignLoan = z.object({ id: Int8Id, signature: z.string().check(z.minLength(40), z.maxLength(SIGNATURE_MAX_CHARS)) })
export type SignLoan = z.infer<typeof SignLoan>

export const RepayLoan = z.object({ id: Int8Id, amount: PositiveDecimal })
export type RepayLoan = z.infer<typeof RepayLoan>

export const Loan = z.object({
  id: z.string(),
  currency: z.string(),
  amount: Decimal,
  termDays: z.int(),
  dailyRate: Decimal,
  lateDailyRate: Decimal,
  interest: Decimal,
  totalRepayment: Decimal,
  damagesPerDay: Decimal,
  /** Damages charged so far (whole days late). */
  damagesCharged: Decimal,
  repaid: Decimal,
  /** totalRepayment + damagesCharged − repaid. */
  owed: Decimal,
  status: LoanStatus,
  signedAt: z.nullable(Millis),
  approvedAt: z.nullable(Millis),
  /** Fixed at approval; before it, the date the term would end if credited today. */
  dueAt: Millis,
  rejectReason: z.nullable(z.string()),
  createdAt: Millis,
})
export type Loan = z.infer<typeof Loan>

export const LoanPage = pageOf(Loan)
export type LoanPage = z.infer<typeof LoanPage>

/** The agreement as a PDF (not the envelope): the caller's own loan, else 404. */
export const loanAgreementPath = (id: string) => `/api/customer/loan/agreement?id=${encodeURIComponent(id)}`

export const loansApi = {
  terms: { method: 'GET', path: '/customer/loan/terms', data: LoanTerms, auth: true },
  apply: { method: 'POST', path: '/customer/loan', body: ApplyLoan, data: Loan, auth: true, money: true },
  sign: { method: 'POST', path: '/customer/loan/sign', body: SignLoan, data: Loan, auth: true, money: true },
  repay: { method: 'POST', path: '/customer/repayment', body: RepayLoan, data: Loan, auth: true, money: true },
  list: { method: 'GET', path: '/queryMyLoanOrders', query: Page, data: LoanPage, auth: true },
  agreement: { method: 'GET', path: '/customer/loan/agreement', query: z.object({ id: Int8Id }), data: z.string(), auth: true },
} as const satisfies Record<string, Endpoint>
