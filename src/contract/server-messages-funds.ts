// Server messages of the funds module (currencies on networks, deposits); spread into serverMessages
// (server-messages.ts). Each entry is marked /*i18n*/ with an explicit id for Lingui's extractor. Imports nothing.
export const fundsMessages = {
  networkKindMismatch: /*i18n*/ {
    id: 'server.funds.networkKindMismatch',
    message:
      '{currency} on {network} cannot change its kind: a token keeps a token contract (its decimals change only with the contract), and the network\'s own coin has no contract and 18 decimals',
  },
  unknownNetwork: /*i18n*/ { id: 'server.funds.unknownNetwork', message: '{currency} is not offered on the network {network}' },
  depositsClosed: /*i18n*/ {
    id: 'server.funds.depositsClosed',
    message: 'Deposits of {currency} on {network} are not open at the moment',
  },
  depositLast6Mismatch: /*i18n*/ {
    id: 'server.funds.last6Mismatch',
    message: 'The last 6 characters do not match the end of the transaction hash',
  },
  depositScreenshotMissing: /*i18n*/ { id: 'server.funds.screenshotMissing', message: 'upload the required picture' },
  depositTxClaimed: /*i18n*/ { id: 'server.funds.txClaimed', message: 'This transaction was already claimed or credited' },
  depositBelowMinimum: /*i18n*/ {
    id: 'server.funds.belowMinimum',
    message: 'The smallest deposit of {currency} is {min}',
  },
  depositTooPrecise: /*i18n*/ {
    id: 'server.funds.tooPrecise',
    message: '{currency} amounts have at most {scale} decimals',
  },
  monitorNotYours: /*i18n*/ {
    id: 'server.funds.monitorNotYours',
    message: 'Only the wallet address you signed in with can be followed',
  },
  depositNotFound: /*i18n*/ { id: 'server.funds.depositNotFound', message: 'Deposit not found' },
  depositNotWaiting: /*i18n*/ { id: 'server.funds.depositNotWaiting', message: 'This deposit is no longer waiting for a decision' },
  depositAddressInvalid: /*i18n*/ {
    id: 'server.funds.addressInvalid',
    message: 'The receiving address is not a valid address (check its upper and lower case letters)',
  },
  tokenDecimalsTooFine: /*i18n*/ {
    id: 'server.funds.tokenDecimalsTooFine',
    message: 'The ledger keeps {currency} with {scale} decimals; a token with more decimals cannot be credited exactly',
  },
  sendingAddressIsWallet: /*i18n*/ {
    id: 'server.funds.sendingAddressIsWallet',
    message: 'This is the wallet you signed in with: it is already proven',
  },
  sendingAddressAlready: /*i18n*/ {
    id: 'server.funds.sendingAddressAlready',
    message: 'This address is already one of your sending addresses',
  },
  sendingAddressLimit: /*i18n*/ {
    id: 'server.funds.sendingAddressLimit',
    message: 'You can add at most {max} sending addresses: remove one first',
  },
  sendingChallengeUnknown: /*i18n*/ {
    id: 'server.funds.sendingChallengeUnknown',
    message: 'This message was not issued to you for this address: ask for a new one',
  },
  sendingChallengeExpired: /*i18n*/ {
    id: 'server.funds.sendingChallengeExpired',
    message: 'The message to sign has expired: ask for a new one',
  },
  sendingChallengeUsed: /*i18n*/ {
    id: 'server.funds.sendingChallengeUsed',
    message: 'This message was already used: ask for a new one',
  },
  sendingSignatureInvalid: /*i18n*/ {
    id: 'server.funds.sendingSignatureInvalid',
    message: 'The signature is not by {address} over this message: sign the exact message with that address',
  },
  reasonDepositCredit: /*i18n*/ { id: 'server.ledger.reason.deposit.credit', message: 'Deposit credited' },
} as const
