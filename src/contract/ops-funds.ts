// The console's deposits queue and currency/network settings. Finance (and admin) only; every action is
// audited (server/modules/funds/funds.ops.ts). Imported by the server and the ops app only.
import * as z from 'zod/mini'
import { Decimal, Int8Id, Page, pageOf } from './endpoint.ts'
import { Deposit } from './deposits.ts'
import { CurrencyCode, NetworkCode } from './funds.ts'
import type { OpsEndpoint } from './ops.ts'

const FINANCE = ['finance'] as const

export const OpsDeposit = z.object({
  ...Deposit.shape,
  userId: z.string(),
  /** The user's wallet address, else e-mail. */
  user: z.string(),
  last6: z.nullable(z.string()),
  /** The claim's screenshot (an upload id; /api/ops/upload/<id>). */
  screenshot: z.nullable(z.string()),
  /** Whether the server follows a node, so the check above is the chain's word. */
  chainChecked: z.boolean(),
  /** The sender as things stand now: the user's sign-in wallet, an address they added by signing, or neither; null
   * when the sender is not known (no chain check). */
  senderProof: z.nullable(z.enum(['wallet', 'added', 'none'])),
})
export type OpsDeposit = z.infer<typeof OpsDeposit>

export const OpsDepositsQuery = z.object({ ...Page.shape, status: z._default(z.enum(['waiting', 'all']), 'waiting') })

const DepositId = Int8Id
/** A non-negative decimal. */
const NonNegative = Decimal.check(z.refine((v) => !v.startsWith('-'), 'amount'))
/**
 * An amount setting (minimums, fees, limits): at most 15 digits before the point. Far above any real limit, and far
 * below the ledger's 10^20, so sums and fees computed from it always fit; the server checks the currency's scale.
 */
const SettingAmount = NonNegative.check(z.refine((v) => /^\d{1,15}(\.|$)/.test(v), 'amount'))
const Positive = Decimal.check(z.refine((v) => /[1-9]/.test(v) && !v.startsWith('-'), 'amount'))

export const ApproveDeposit = z.object({
  id: DepositId,
  /** What to credit when it differs from the claim (the amount the chain showed); the claimed amount otherwise. */
  amount: z.optional(Positive),
})
export const RejectDeposit = z.object({ id: DepositId, reason: z.string().check(z.trim(), z.minLength(3), z.maxLength(500)) })

/** Every setting of one currency on one network, as operators see and edit it. */
export const OpsNetwork = z.object({
  currency: z.string(),
  network: z.string(),
  networkName: z.string(),
  kind: z.enum(['evm', 'other']),
  tokenContract: z.nullable(z.string()),
  tokenDecimals: z.int(),
  sort: z.int(),
  depositEnabled: z.boolean(),
  depositAddress: z.nullable(z.string()),
  depositMin: Decimal,
  confirmations: z.int(),
  onChain: z.boolean(),
  withdrawEnabled: z.boolean(),
  withdrawFee: Decimal,
  withdrawFeeRate: Decimal,
  withdrawMin: Decimal,
  withdrawDailyMax: z.nullable(Decimal),
  withdrawKycAbove: z.nullable(Decimal),
  withdrawSecondConfirmAbove: z.nullable(Decimal),
})
export type OpsNetwork = z.infer<typeof OpsNetwork>

/** A change to one network: the fields sent are set, the others kept. A null address closes deposits. */
export const UpdateNetwork = z.object({
  currency: CurrencyCode,
  network: NetworkCode,
  networkName: z.optional(z.string().check(z.trim(), z.minLength(2), z.maxLength(60))),
  depositEnabled: z.optional(z.boolean()),
  depositAddress: z.optional(z.nullable(z.string().check(z.trim(), z.minLength(20), z.maxLength(100)))),
  depositMin: z.optional(SettingAmount),
  confirmations: z.optional(z.int().check(z.gte(0), z.lte(10000))),
  onChain: z.optional(z.boolean()),
  tokenContract: z.optional(z.nullable(z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/, 'tokenContract')))),
  tokenDecimals: z.optional(z.int().check(z.gte(0), z.lte(36))),
  withdrawEnabled: z.optional(z.boolean()),
  withdrawFee: z.optional(SettingAmount),
  withdrawFeeRate: z.optional(NonNegative.check(z.refine((v) => Number(v) < 1, 'withdrawFeeRate'))),
  withdrawMin: z.optional(SettingAmount),
  withdrawDailyMax: z.optional(z.nullable(SettingAmount)),
  withdrawKycAbove: z.optional(z.nullable(SettingAmount)),
  withdrawSecondConfirmAbove: z.optional(z.nullable(SettingAmount)),
})
export type UpdateNetwork = z.infer<typeof UpdateNetwork>

export const opsFundsApi = {
  deposits: { method: 'GET', path: '/ops/deposits', query: OpsDepositsQuery, data: pageOf(OpsDeposit), auth: false, roles: FINANCE },
  approveDeposit: { method: 'POST', path: '/ops/deposits/approve', body: ApproveDeposit, data: OpsDeposit, auth: false, roles: FINANCE },
  rejectDeposit: { method: 'POST', path: '/ops/deposits/reject', body: RejectDeposit, data: OpsDeposit, auth: false, roles: FINANCE },
  networks: { method: 'GET', path: '/ops/funds/networks', data: z.array(OpsNetwork), auth: false, roles: FINANCE },
  updateNetwork: { method: 'POST', path: '/ops/funds/networks/update', body: UpdateNetwork, data: OpsNetwork, auth: false, roles: FINANCE },
} as const satisfies Record<string, OpsEndpoint>
