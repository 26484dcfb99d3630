// Withdrawals (/submissionWithdrawDeposit, docs/api.md "Withdrawals"): the user asks to send an amount of a
// currency over a network to an address; the amount moves from available to locked in the live book; an operator
// pays it out from the platform's wallet (the server holds no key) and approves it with the payout's transaction
// hash, or rejects it with a reason, which unlocks the funds. The fee and the limits: withdraw-math.ts.
import * as z from 'zod/mini'
import { AccountType } from './auth.ts'
import { Decimal, Int8Id, Millis, Page, PositiveDecimal, pageOf, type Endpoint } from './endpoint.ts'
import { CurrencyCode, NetworkCode } from './funds.ts'

/** Asked, waiting for an operator; approved once and waiting for a second operator; paid out; refused. */
export const WITHDRAW_STATUSES = ['pending', 'awaiting_second', 'paid', 'rejected'] as const
export const WithdrawStatus = z.enum(WITHDRAW_STATUSES)
export type WithdrawStatus = z.infer<typeof WithdrawStatus>

export const SubmitWithdrawal = z.object({
  amount: PositiveDecimal,
  currency: CurrencyCode,
  network: NetworkCode,
  /** EVM networks: 0x and 40 hex digits, a mixed-case spelling must be a valid EIP-55 checksum (address.ts). */
  address: z.string().check(z.minLength(1), z.maxLength(128)),
})
export type SubmitWithdrawal = z.infer<typeof SubmitWithdrawal>

export const Withdrawal = z.object({
  id: z.string(),
  currency: z.string(),
  network: z.string(),
  address: z.string(),
  /** Leaves the balance. */
  amount: Decimal,
  /** Kept by the platform. */
  fee: Decimal,
  /** Reaches the address: amount − fee. */
  receive: Decimal,
  status: WithdrawStatus,
  /** The payout's transaction, once paid. */
  txHash: z.nullable(z.string()),
  /** The operator's reason, once rejected. */
  rejectReason: z.nullable(z.string()),
  createdAt: Millis,
  updatedAt: Millis,
})
export type Withdrawal = z.infer<typeof Withdrawal>

/**
 * The caller's figures the withdraw screen checks an amount against (the terms of each currency and network come with
 * the public /getCurrencyContainsNetList, funds.ts).
 */
export const WithdrawInfo = z.object({
  /** Per currency: what may be withdrawn now (live available less any open loss) and what was asked in 24 hours. */
  balances: z.array(z.object({ currency: z.string(), available: Decimal, usedToday: Decimal })),
  kycVerified: z.boolean(),
  /** The caller's current book; withdrawals are made from the live book only. */
  book: AccountType,
})
export type WithdrawInfo = z.infer<typeof WithdrawInfo>

export const WithdrawalPage = pageOf(Withdrawal)
export type WithdrawalPage = z.infer<typeof WithdrawalPage>

export const withdrawalsApi = {
  submit: { method: 'POST', path: '/submissionWithdrawDeposit', body: SubmitWithdrawal, data: Withdrawal, auth: true, money: true },
  info: { method: 'GET', path: '/getWithdrawInfo', data: WithdrawInfo, auth: true },
  list: { method: 'GET', path: '/getMyWithdrawals', query: Page, data: WithdrawalPage, auth: true },
  one: { method: 'GET', path: '/getWithdrawal', query: z.object({ id: Int8Id }), data: Withdrawal, auth: true },
} as const satisfies Record<string, Endpoint>
