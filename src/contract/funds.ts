// Currencies and the networks they arrive and leave on (/getCurrencyContainsNetList, docs/api.md "Deposits").
// Configuration operators edit (server/modules/funds): the house's receiving address, the minimum deposit, the
// confirmations a transfer needs and whether it is checked on chain; beside them each network's withdrawal terms
// (fee, fee rate, minimum, daily maximum, KYC threshold), which withdraw-math.ts computes with.
import * as z from 'zod/mini'
import { Decimal, type Endpoint } from './endpoint.ts'

/** A ledger currency code (the currencies table). */
export const CurrencyCode = z.string().check(z.regex(/^[A-Z][A-Z0-9]{1,11}$/, 'currency'))
/** A network code: ERC20 is Ethereum mainnet, for ERC-20 tokens and native ETH alike. */
export const NetworkCode = z.string().check(z.regex(/^[A-Z0-9]{2,16}$/, 'network'))
/** A transaction hash: 0x and 64 hex digits, any case (the server stores it lower-cased). */
export const TxHash = z.string().check(z.regex(/^0x[0-9a-fA-F]{64}$/, 'txHash'))

export const DepositTerms = z.object({
  /** Deposits are open: enabled by operators and a receiving address is set. */
  open: z.boolean(),
  /** The house's receiving address on this network; null while none is set. */
  address: z.nullable(z.string()),
  /** Smaller transfers are not credited. */
  min: Decimal,
  /** Blocks on top of the transfer's before it is credited. */
  confirmations: z.int(),
  /** Operators want transfers and claims checked on chain. */
  onChain: z.boolean(),
  /** Transfers from the user's own signed-in address are found without a claim now (onChain, an EVM network, and
   * the server follows a node). */
  followed: z.boolean(),
})
export type DepositTerms = z.infer<typeof DepositTerms>

export const WithdrawNetworkTerms = z.object({
  enabled: z.boolean(),
  /** Fixed part of the fee. */
  fee: Decimal,
  /** Proportional part of the fee, a fraction of the amount. */
  feeRate: Decimal,
  min: Decimal,
  /** Null: no daily maximum. */
  dailyMax: z.nullable(Decimal),
  /** Above this amount identity must be verified; null: never. */
  kycAbove: z.nullable(Decimal),
})

export const FundsNetwork = z.object({
  currency: z.string(),
  network: z.string(),
  /** The name people know the network by, e.g. "Ethereum (ERC-20)". */
  networkName: z.string(),
  /** EVM addresses (0x…, EIP-55). */
  evm: z.boolean(),
  /** The token's contract; null for the network's native coin. */
  tokenContract: z.nullable(z.string()),
  tokenDecimals: z.int(),
  deposit: DepositTerms,
  withdraw: WithdrawNetworkTerms,
})
export type FundsNetwork = z.infer<typeof FundsNetwork>

export const CurrencyNets = z.object({
  currency: z.string(),
  /** The most decimals an amount in this currency may carry. */
  scale: z.int(),
  networks: z.array(FundsNetwork),
})
export type CurrencyNets = z.infer<typeof CurrencyNets>

export const fundsApi = {
  /** Every currency with at least one network, in the operators' order. */
  currencyNetList: { method: 'GET', path: '/getCurrencyContainsNetList', data: z.array(CurrencyNets), auth: false },
} as const satisfies Record<string, Endpoint>
