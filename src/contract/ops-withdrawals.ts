// The operator console's withdrawal queue: finance operators (and admins) see withdrawals, approve one with
// the payout's transaction hash (paid from the platform's wallet; the server holds no key) or reject it with a
// reason. Above the configured amount a second, different operator confirms: the first approval moves the withdrawal
// to awaiting_second and carries no hash; the confirmation carries it. Imported by the server and src/ops/ only.
import * as z from 'zod/mini'
import { Int8Id, Page, pageOf } from './endpoint.ts'
import type { OpsEndpoint } from './ops.ts'
import { TxHash } from './funds.ts'
import { Withdrawal } from './withdrawals.ts'

const Id = Int8Id

export const OpsWithdrawal = z.extend(Withdrawal, {
  userId: z.string(),
  /** The user's sign-in wallet or e-mail, to recognise them. */
  user: z.string(),
  /** Approving it needs two operators (the amount is above the configured one). */
  needsSecond: z.boolean(),
  firstOperator: z.nullable(z.string()),
  decidedOperator: z.nullable(z.string()),
  /** The payout was found on chain (ETH_RPC_URL), rather than taken on the operator's word. */
  chainChecked: z.boolean(),
})
export type OpsWithdrawal = z.infer<typeof OpsWithdrawal>

/** open: pending and awaiting_second (oldest first, the queue); done: paid and rejected (newest first). */
export const OpsWithdrawalQuery = z.extend(Page, { state: z._default(z.enum(['open', 'done']), 'open') })

export const ApproveWithdrawal = z.object({ id: Id, txHash: z.optional(TxHash) })
export type ApproveWithdrawal = z.infer<typeof ApproveWithdrawal>

export const RejectWithdrawal = z.object({ id: Id, reason: z.string().check(z.trim(), z.minLength(3), z.maxLength(500)) })
export type RejectWithdrawal = z.infer<typeof RejectWithdrawal>

export const opsWithdrawalsApi = {
  list: { method: 'GET', path: '/ops/withdrawals', query: OpsWithdrawalQuery, data: pageOf(OpsWithdrawal), auth: false, roles: ['finance'] },
  approve: { method: 'POST', path: '/ops/withdrawals/approve', body: ApproveWithdrawal, data: OpsWithdrawal, auth: false, roles: ['finance'] },
  reject: { method: 'POST', path: '/ops/withdrawals/reject', body: RejectWithdrawal, data: OpsWithdrawal, auth: false, roles: ['finance'] },
} as const satisfies Record<string, OpsEndpoint>
