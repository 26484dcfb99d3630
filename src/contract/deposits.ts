// Deposits (docs/api.md, "Deposits": /initRechargeCode, /createRechargePlat, /addMonitorAddressV2,
// /getGasPrice). Two ways in, both to the live book:
// - a transfer from the user's own signed-in address to the house's receiving address is found on chain (the
//   server follows ETH_RPC_URL): pending with "n of m confirmations", then credited once per (transaction, log);
// - a transfer from elsewhere is claimed with a proof (amount, transaction hash, its last 6 characters, a screenshot):
//   checked on chain when the server follows one, else reviewed by an operator. A hash has one claim at a time,
//   except that its proven sender's claim closes a stranger's waiting one.
import * as z from 'zod/mini'
import { Decimal, Millis, Page, pageOf, type Endpoint } from './endpoint.ts'
import { CurrencyCode, FundsNetwork, NetworkCode, TxHash } from './funds.ts'
import { UploadId } from './uploads.ts'

/** pending: waiting for confirmations; review: waiting for an operator; credited; rejected. */
export const DEPOSIT_STATUSES = ['pending', 'review', 'credited', 'rejected'] as const
export const DepositStatus = z.enum(DEPOSIT_STATUSES)
export type DepositStatus = z.infer<typeof DepositStatus>

/**
 * What an on-chain check of a claim found wrong; an empty list means it matched. foreignSender: the transfer came
 * from an address the claimant has not proven to hold (neither their sign-in wallet nor a sending address they added
 * by signing, sending-addresses.ts), so an operator decides.
 *
 * Two more settle who owns a transfer claimed twice (server/modules/funds/deposits.claim-record.ts):
 * senderClaimed: on a claim closed as rejected because the transfer's proven sender claimed it (their claim won);
 * creditedToOther: on the sender's own claim of a transfer an operator had already credited to someone else's claim,
 * so it waits for an operator instead of being credited twice.
 */
export const CHECK_PROBLEMS = [
  'notFound',
  'failed',
  'wrongAddress',
  'amountMismatch',
  'foreignSender',
  'notConfirmed',
  'belowMinimum',
  'alreadyCredited',
  'senderClaimed',
  'creditedToOther',
] as const
export const CheckProblem = z.enum(CHECK_PROBLEMS)
export type CheckProblem = z.infer<typeof CheckProblem>

export const DepositCheck = z.object({
  checkedAt: Millis,
  /** What the transaction paid the receiving address in this currency; null when not found. */
  amount: z.nullable(Decimal),
  from: z.nullable(z.string()),
  confirmations: z.nullable(z.int()),
  problems: z.array(CheckProblem),
})
export type DepositCheck = z.infer<typeof DepositCheck>

export const Deposit = z.object({
  id: z.string(),
  currency: z.string(),
  network: z.string(),
  /** chain: found on chain; claim: sent with a proof. */
  source: z.enum(['chain', 'claim']),
  txHash: z.string(),
  fromAddress: z.nullable(z.string()),
  amount: Decimal,
  confirmations: z.int(),
  confirmationsNeeded: z.int(),
  status: DepositStatus,
  /** Claims: the last on-chain check; null when none was made (no node). */
  check: z.nullable(DepositCheck),
  rejectReason: z.nullable(z.string()),
  createdAt: Millis,
  creditedAt: z.nullable(Millis),
})
export type Deposit = z.infer<typeof Deposit>

export const DepositPage = pageOf(Deposit)
export type DepositPage = z.infer<typeof DepositPage>

export const NetworkChoice = z.object({ currency: CurrencyCode, network: NetworkCode })
export type NetworkChoice = z.infer<typeof NetworkChoice>

/** What the deposit screen shows for one currency on one network. */
export const DepositInstructions = z.object({
  network: FundsNetwork,
  /** The caller's signed-in wallet: transfers from it are found without a claim (when followed). Null: e-mail user. */
  fromAddress: z.nullable(z.string()),
  /** What the QR code holds: the receiving address. */
  qrText: z.nullable(z.string()),
})
export type DepositInstructions = z.infer<typeof DepositInstructions>

/** A positive decimal. */
const Amount = Decimal.check(z.refine((v) => /[1-9]/.test(v) && !v.startsWith('-'), 'amount'))

export const CreateRechargePlat = z.object({
  currency: CurrencyCode,
  network: NetworkCode,
  amount: Amount,
  txHash: TxHash,
  /** The hash's last 6 characters, typed again: a pasted hash that lost its end is caught here. */
  last6: z.string().check(z.regex(/^[0-9a-fA-F]{6}$/, 'last6')),
  /** The screenshot, uploaded first through /imgUpload with purpose "deposit". */
  screenshot: UploadId,
})
export type CreateRechargePlat = z.infer<typeof CreateRechargePlat>

export const AddMonitorAddress = z.object({ network: NetworkCode, address: z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/, 'address')) })
export type AddMonitorAddress = z.infer<typeof AddMonitorAddress>

export const MonitorAnswer = z.object({
  network: z.string(),
  address: z.string(),
  /** Transfers from it are followed now (the server follows a node). */
  followed: z.boolean(),
})

export const GasPrice = z.object({
  /** Gwei; null when the server follows no node. */
  gwei: z.nullable(Decimal),
  updatedAt: z.nullable(Millis),
})
export type GasPrice = z.infer<typeof GasPrice>

export const MyDepositsQuery = z.object({ ...Page.shape, status: z.optional(z.enum(['open', 'all'])) })

export const depositsApi = {
  /** The receiving address and terms of a currency on a network, and the address transfers are followed from. */
  initRechargeCode: { method: 'POST', path: '/initRechargeCode', body: NetworkChoice, data: DepositInstructions, auth: true },
  /** Claims a transfer from elsewhere; checked on chain or queued for an operator. */
  createRechargePlat: { method: 'POST', path: '/createRechargePlat', body: CreateRechargePlat, data: Deposit, auth: true, money: true },
  /** Asks that transfers from the caller's own signed-in address be followed on a network. */
  addMonitorAddressV2: { method: 'POST', path: '/addMonitorAddressV2', body: AddMonitorAddress, data: MonitorAnswer, auth: true },
  gasPrice: { method: 'GET', path: '/getGasPrice', data: GasPrice, auth: false },
  /** The caller's deposits, newest first; status=open: pending and in review only. */
  myDeposits: { method: 'GET', path: '/getMyDeposits', query: MyDepositsQuery, data: DepositPage, auth: true },
} as const satisfies Record<string, Endpoint>
