// The ledger's vocabulary: books, account kinds, reasons, and a database handle or an open transaction.
import type { ServerMessageKey } from '#contract/server-messages.ts'
import type { Db } from '../db/client.ts'

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
/** postJournal runs on either: with a Db it opens (and retries) its own transaction. */
export type DbOrTx = Db | Tx

export type Book = 'demo' | 'live'

// earn: the principal of the user's running Smart plans (server/modules/earn), still the user's money.
// bids: what a user's leading NFT bids hold (server/modules/nfts); staking: the amount a user committed to node
// staking (server/modules/staking); financing: the principal of the user's running financing orders
// (server/modules/financing); all the user's, shown as locked with the rest.
export const USER_KINDS = ['available', 'margin', 'locked', 'loan', 'earn', 'bids', 'staking', 'financing'] as const
export const SYSTEM_KINDS = [
  'demo_funding',
  'deposits_clearing',
  'withdrawals_clearing',
  'fees',
  'trading_counterparty',
  'yield_payouts',
  'donations',
  // The house reserve of yield products (server/modules/earn/reserve.ts, docs/earn.md), always shard 0: free funds,
  // the part earmarked for what running products may still pay, and the operators' capital that funds it.
  'earn_reserve',
  'earn_earmarked',
  'earn_funding',
  // Loans (server/modules/loans): the reserve principal is lent from and repayments return to, and the capital
  // operators fund it from (a journal of the console, audited).
  'lending_reserve',
  'lending_capital',
] as const
export type UserKind = (typeof USER_KINDS)[number]
export type SystemKind = (typeof SYSTEM_KINDS)[number]

export type AccountSpec =
  | { ownerId: string; book: Book; kind: UserKind }
  /** shard: one of the house's rows (shards.ts); unset, the posting's user's. */
  | { ownerId: null; book: Book; kind: SystemKind; shard?: number }

/** Every journal names a reason the user sees; each maps to a translated server message. */
export const REASONS = {
  'demo.funding': 'reasonDemoFunding',
  'demo.reset': 'reasonDemoReset',
  transfer: 'reasonTransfer',
  // Orders (server/modules/orders): one journal per event, so the record says what happened to the position.
  'trade.open': 'reasonTradeOpen',
  'trade.fee': 'reasonTradeFee',
  'trade.close': 'reasonTradeClose',
  'trade.take_profit': 'reasonTradeTakeProfit',
  'trade.stop_loss': 'reasonTradeStopLoss',
  'trade.stop_out': 'reasonTradeStopOut',
  'limit.reserve': 'reasonLimitReserve',
  'limit.cancel': 'reasonLimitCancel',
  'limit.fill': 'reasonLimitFill',
  // Deposits (server/modules/funds): one journal per transfer, keyed deposit:<network>:<tx>:<log>.
  'deposit.credit': 'reasonDepositCredit',
  // Withdrawals (server/modules/withdrawals): asked (available -> locked), paid out, or rejected (locked -> available).
  'withdrawal.request': 'reasonWithdrawalRequest',
  'withdrawal.paid': 'reasonWithdrawalPaid',
  'withdrawal.rejected': 'reasonWithdrawalRejected',
  // Smart plans and their reserve (server/modules/earn).
  'earn.fund': 'reasonEarnFund',
  'earn.purchase': 'reasonEarnPurchase',
  'earn.earnings': 'reasonEarnEarnings',
  'earn.expiry': 'reasonEarnExpiry',
  'earn.early_exit': 'reasonEarnEarlyExit',
  // Financing (server/modules/financing), paid from the same reserve.
  'financing.purchase': 'reasonFinancingPurchase',
  'financing.maturity': 'reasonFinancingMaturity',
  'financing.early': 'reasonFinancingEarly',
  // NFT auctions (server/modules/nfts): a bid holds (available -> bids), being outbid releases it, the end or a
  // purchase pays the charity's donations account; keyed by the request, nft-outbid:<bid>, nft-won:<item>.
  'nft.bid': 'reasonNftBid',
  'nft.outbid': 'reasonNftOutbid',
  'nft.won': 'reasonNftWon',
  'nft.bought': 'reasonNftBought',
  // Loans (server/modules/loans): the principal credited at approval, each repayment, an operator's funding.
  'loan.credit': 'reasonLoanCredit',
  'loan.repayment': 'reasonLoanRepayment',
  'lending.funding': 'reasonLendingFunding',
  // Node staking (server/modules/staking): an amount added (available -> staking, reserve earmarked), the bonus, a
  // day's rewards (staking:day:<first pledge>:<day>, a journal per step, book, currency and pledge rank), the ends of
  // periods (staking:end:<first pledge>), a withdrawal.
  'staking.add': 'reasonStakingAdd',
  'staking.bonus': 'reasonStakingBonus',
  'staking.reward': 'reasonStakingReward',
  'staking.end': 'reasonStakingEnd',
  'staking.withdraw': 'reasonStakingWithdraw',
} as const satisfies Record<string, ServerMessageKey>
export type Reason = keyof typeof REASONS

export const isReason = (value: string): value is Reason => Object.hasOwn(REASONS, value)
