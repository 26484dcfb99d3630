// The console's loans (finance operators, admins): the queue of signed loans with their agreement and its hash check,
// approve (credits the principal from the lending reserve; 409 when it holds too little) or reject; the lending
// reserve, its funding (a journal from the house's lending capital), and what is owed by due date. Every action is
// audited. Imported by the server and src/ops/ only.
import * as z from 'zod/mini'
import { Decimal, Int8Id, Page, PositiveDecimal, pageOf } from './endpoint.ts'
import { Loan } from './loans.ts'
import type { OpsEndpoint } from './ops.ts'

export const OpsLoan = z.extend(Loan, {
  userId: z.string(),
  /** The user's sign-in wallet or e-mail. */
  user: z.string(),
  /** SHA-256 (hex) of the signed agreement, stored at signing; null before. */
  signedHash: z.nullable(z.string()),
  /** The stored agreement still hashes to signedHash; false: it was changed after signing. Null before signing. */
  hashOk: z.nullable(z.boolean()),
  decidedOperator: z.nullable(z.string()),
})
export type OpsLoan = z.infer<typeof OpsLoan>

/** waiting: signed, to decide; active: credited and owed; done: repaid, rejected or never signed. */
export const OpsLoanQuery = z.extend(Page, { state: z._default(z.enum(['waiting', 'active', 'done']), 'waiting') })

export const LendingReserve = z.object({
  currency: z.string(),
  /** What the reserve holds now (the sum of its ledger accounts). */
  balance: Decimal,
  /** Owed by active loans, in total and per due date (YYYY-MM-DD, UTC). */
  owed: Decimal,
  owedByDate: z.array(z.object({ date: z.string(), loans: z.int(), owed: Decimal })),
})
export type LendingReserve = z.infer<typeof LendingReserve>

/** `reference`: a new one per funding (a UUID), so a retried click funds once. */
export const FundReserve = z.object({ amount: PositiveDecimal, reference: z.string().check(z.regex(/^[0-9a-f-]{36}$/)) })
export type FundReserve = z.infer<typeof FundReserve>

export const RejectLoan = z.object({ id: Int8Id, reason: z.string().check(z.trim(), z.minLength(3), z.maxLength(500)) })

/** The agreement PDF for operators (the operator's token in Authorization). */
export const opsLoanAgreementPath = (id: string) => `/api/ops/loans/agreement?id=${encodeURIComponent(id)}`

export const opsLoansApi = {
  list: { method: 'GET', path: '/ops/loans', query: OpsLoanQuery, data: pageOf(OpsLoan), auth: false, roles: ['finance'] },
  approve: { method: 'POST', path: '/ops/loans/approve', body: z.object({ id: Int8Id }), data: OpsLoan, auth: false, roles: ['finance'] },
  reject: { method: 'POST', path: '/ops/loans/reject', body: RejectLoan, data: OpsLoan, auth: false, roles: ['finance'] },
  reserve: { method: 'GET', path: '/ops/loans/reserve', data: LendingReserve, auth: false, roles: ['finance'] },
  fund: { method: 'POST', path: '/ops/loans/fund', body: FundReserve, data: LendingReserve, auth: false, roles: ['finance'] },
} as const satisfies Record<string, OpsEndpoint>
