// Server messages of the withdrawals module (server/modules/withdrawals); spread into serverMessages
// (server-messages.ts). Each entry is marked /*i18n*/ with an explicit id for Lingui's extractor. Imports nothing.
export const withdrawalsMessages = {
  withdrawLiveOnly: /*i18n*/ {
    id: 'server.withdrawals.liveOnly',
    message: 'Withdrawals are made from your live account: switch to it to withdraw. Demo funds cannot be withdrawn.',
  },
  withdrawNotOffered: /*i18n*/ { id: 'server.withdrawals.notOffered', message: '{currency} cannot be withdrawn on {network} now' },
  withdrawAddressInvalid: /*i18n*/ {
    id: 'server.withdrawals.addressInvalid',
    message: 'This is not a valid {network} address. Copy it again from the receiving wallet: a mixed-case address must match its checksum.',
  },
  withdrawBelowMin: /*i18n*/ { id: 'server.withdrawals.belowMin', message: 'The smallest withdrawal is {min} {currency}' },
  withdrawNothingArrives: /*i18n*/ {
    id: 'server.withdrawals.nothingArrives',
    message: 'The fee of {fee} {currency} takes the whole amount: enter a larger amount',
  },
  withdrawInsufficient: /*i18n*/ {
    id: 'server.withdrawals.insufficient',
    message: 'You can withdraw at most {available} {currency} now',
  },
  withdrawDailyMax: /*i18n*/ {
    id: 'server.withdrawals.dailyMax',
    message: 'You can withdraw at most {max} {currency} in 24 hours; {left} {currency} is left now',
  },
  // The product's own wording: 'perform KYC certification (complete KYC first)'.
  withdrawKycRequired: /*i18n*/ {
    id: 'server.withdrawals.kycRequired',
    message: 'Withdrawals above {above} {currency} need a verified identity: complete KYC first',
  },
  withdrawalNotFound: /*i18n*/ { id: 'server.withdrawals.notFound', message: 'Withdrawal not found' },
  withdrawalDecided: /*i18n*/ { id: 'server.withdrawals.decided', message: 'This withdrawal has already been decided' },
  secondConfirmAdminOnly: /*i18n*/ {
    id: 'server.withdraw.secondConfirmAdminOnly',
    message: 'Only an admin may change the amount above which a second operator must confirm a withdrawal',
  },
  withdrawSameOperator: /*i18n*/ {
    id: 'server.withdrawals.sameOperator',
    message: 'You approved this withdrawal first: a second, different operator must confirm it',
  },
  withdrawHashRequired: /*i18n*/ {
    id: 'server.withdrawals.hashRequired',
    message: 'Enter the transaction hash of the payout',
  },
  withdrawHashTooEarly: /*i18n*/ {
    id: 'server.withdrawals.hashTooEarly',
    message: 'This withdrawal needs a second operator: approve it without a transaction hash, and pay out only after the confirmation',
  },
  withdrawHashUsed: /*i18n*/ { id: 'server.withdrawals.hashUsed', message: 'This transaction hash already pays another withdrawal' },
  withdrawPayoutNotFound: /*i18n*/ {
    id: 'server.withdrawals.payoutNotFound',
    message: 'This transaction was not found on chain, or it failed',
  },
  withdrawChainUnavailable: /*i18n*/ {
    id: 'server.withdrawals.chainUnavailable',
    message: 'The chain node did not answer, so the payout could not be checked: try again shortly',
  },
  withdrawPayoutMismatch: /*i18n*/ {
    id: 'server.withdrawals.payoutMismatch',
    message: 'This transaction does not send {receive} {currency} to {address}',
  },
  // Reasons shown in the transaction record (server/ledger/types.ts REASONS).
  reasonWithdrawalRequest: /*i18n*/ { id: 'server.ledger.reason.withdrawal.request', message: 'Withdrawal requested: amount locked' },
  reasonWithdrawalPaid: /*i18n*/ { id: 'server.ledger.reason.withdrawal.paid', message: 'Withdrawal paid out' },
  reasonWithdrawalRejected: /*i18n*/ { id: 'server.ledger.reason.withdrawal.rejected', message: 'Withdrawal rejected: amount unlocked' },
  // Messages to the user (modules/messages MESSAGE_TEMPLATES).
  messageWithdrawalPaidTitle: /*i18n*/ { id: 'server.messages.withdrawalPaid.title', message: 'Withdrawal paid' },
  messageWithdrawalPaidBody: /*i18n*/ {
    id: 'server.messages.withdrawalPaid.body',
    message: 'Your withdrawal was paid out. Its transaction hash is in your list of withdrawals.',
  },
  messageWithdrawalRejectedTitle: /*i18n*/ { id: 'server.messages.withdrawalRejected.title', message: 'Withdrawal rejected' },
  messageWithdrawalRejectedBody: /*i18n*/ {
    id: 'server.messages.withdrawalRejected.body',
    message: 'Your withdrawal was rejected and its amount is available again. The reason is in your list of withdrawals.',
  },
} as const
