// What withdrawals need from other modules, in one place: a currency's terms on a network (the funds module's
// configuration, funds_networks) and the chain check of a payout.
import type { FastifyInstance } from 'fastify'
import type { Hash } from 'viem'
import type { WithdrawTerms } from '#contract/withdraw-math.ts'
import { AppError } from '../../app-error.ts'
import { Decimal } from '../../ledger/decimal.ts'
import type { DbOrTx } from '../../ledger/types.ts'
import { chainOf, paidTo, transfersOfTx } from '../funds/chain.ts'
import { networkOf, type NetworkConfig } from '../funds/funds.service.ts'

/** The terms the app sees, plus what only the server uses. */
export type ServerTerms = WithdrawTerms & {
  enabled: boolean
  evm: boolean
  /** A withdrawal above this amount needs a second, different operator to confirm it; null: never. */
  secondConfirmAbove: string | null
  /** The ERC-20 contract paid from, or null for the network's native coin. */
  tokenContract: string | null
  tokenDecimals: number
  /** Payouts are checked on chain when ETH_RPC_URL is set. */
  onChain: boolean
}

const termsOfConfig = (c: NetworkConfig): ServerTerms => ({
  currency: c.currency,
  network: c.network,
  fee: c.withdrawFee,
  feeRate: c.withdrawFeeRate,
  min: c.withdrawMin,
  dailyMax: c.withdrawDailyMax,
  kycAbove: c.withdrawKycAbove,
  enabled: c.withdrawEnabled,
  evm: c.kind === 'evm',
  secondConfirmAbove: c.withdrawSecondConfirmAbove,
  tokenContract: c.tokenContract,
  tokenDecimals: c.tokenDecimals,
  onChain: c.onChain,
})

/** The terms of a currency on a network (400 when it is not configured). */
export const termsOf = async (db: DbOrTx, currency: string, network: string): Promise<ServerTerms> => termsOfConfig(await networkOf(db, currency, network))

/** The terms a new withdrawal is asked under: 400 when the network is closed for withdrawals. */
export async function openTerms(db: DbOrTx, currency: string, network: string): Promise<ServerTerms> {
  const terms = await termsOf(db, currency, network)
  if (!terms.enabled) throw new AppError(400, 'withdrawNotOffered', { currency, network })
  return terms
}

/** What the chain says of a payout: found and matching, not found (or failed), found but not this payout. */
export type PayoutCheck = 'ok' | 'notFound' | 'mismatch'

export type Payout = { txHash: string; to: string; amount: string; terms: ServerTerms }

/**
 * Checks a payout on chain: the transaction exists and succeeded, and it paid the withdrawal's address exactly the
 * amount that was to arrive, in the network's token (or native coin). null when no chain is configured (ETH_RPC_URL
 * unset) or operators do not follow this network on chain: the payout is then taken on the operator's word.
 */
export async function checkPayout(app: FastifyInstance, payout: Payout): Promise<PayoutCheck | null> {
  if (!app.conf.ethRpcUrl || !payout.terms.evm || !payout.terms.onChain) return null
  const found = await transfersOfTx(chainOf(app.conf.ethRpcUrl), payout.txHash as Hash).catch((error: unknown) => {
    app.log.warn({ err: error }, 'payout check: the chain node did not answer')
    throw new AppError(409, 'withdrawChainUnavailable')
  })
  if (found.status !== 'ok') return 'notFound'
  const { amount } = paidTo(found.transfers, payout.to, payout.terms.tokenContract, payout.terms.tokenDecimals)
  return new Decimal(amount).eq(payout.amount) ? 'ok' : 'mismatch'
}
