// Messages the server puts in `msg`. Each is marked for Lingui's extractor (the /*i18n*/ comment), so it lands in
// the same catalogs as the app's strings and the server answers in the caller's Language. Each module keeps its own
// messages in server-messages-<module>.ts.
import { contentMessages } from './server-messages-content.ts'
import { earnMessages } from './server-messages-earn.ts'
import { financingMessages } from './server-messages-financing.ts'
import { fundsMessages } from './server-messages-funds.ts'
import { idempotencyMessages } from './server-messages-idempotency.ts'
import { ledgerMessages } from './server-messages-ledger.ts'
import { loansMessages } from './server-messages-loans.ts'
import { manageMessages } from './server-messages-manage.ts'
import { marketsMessages } from './server-messages-markets.ts'
import { newsMessages } from './server-messages-news.ts'
import { nftsMessages } from './server-messages-nfts.ts'
import { oidcMessages } from './server-messages-oidc.ts'
import { opsMessages } from './server-messages-ops.ts'
import { ordersMessages } from './server-messages-orders.ts'
import { passwordMessages } from './server-messages-password.ts'
import { recordMessages } from './server-messages-record.ts'
import { socialMessages } from './server-messages-social.ts'
import { stakingMessages } from './server-messages-staking.ts'
import { supportMessages } from './server-messages-support.ts'
import { uploadsMessages } from './server-messages-uploads.ts'
import { withdrawalsMessages } from './server-messages-withdrawals.ts'

export const serverMessages = {
  ...contentMessages,
  ...earnMessages,
  ...financingMessages,
  ...fundsMessages,
  ...idempotencyMessages,
  ...ledgerMessages,
  ...loansMessages,
  ...manageMessages,
  ...marketsMessages,
  ...newsMessages,
  ...nftsMessages,
  ...oidcMessages,
  ...opsMessages,
  ...ordersMessages,
  ...passwordMessages,
  ...recordMessages,
  ...socialMessages,
  ...stakingMessages,
  ...supportMessages,
  ...uploadsMessages,
  ...withdrawalsMessages,
  ok: /*i18n*/ { id: 'server.ok', message: 'success' },
  invalidInput: /*i18n*/ { id: 'server.invalidInput', message: 'Invalid input: {field}' },
  unstorableText: /*i18n*/ {
    id: 'server.unstorableText',
    message: 'Invalid input: {field} contains a character that cannot be saved (a NUL or an unpaired surrogate)',
  },
  invalidBody: /*i18n*/ { id: 'server.invalidBody', message: 'The request body is not valid JSON' },
  unauthorized: /*i18n*/ { id: 'server.unauthorized', message: 'Please sign in again' },
  forbidden: /*i18n*/ { id: 'server.forbidden', message: 'You are not allowed to do this' },
  notFound: /*i18n*/ { id: 'server.notFound', message: 'Not found' },
  conflict: /*i18n*/ { id: 'server.conflict', message: 'This conflicts with the current state' },
  tooLarge: /*i18n*/ { id: 'server.tooLarge', message: 'The request is too large' },
  unsupportedMedia: /*i18n*/ { id: 'server.unsupportedMedia', message: 'Unsupported content type' },
  rateLimited: /*i18n*/ { id: 'server.rateLimited', message: 'Too many requests, please try again shortly' },
  internal: /*i18n*/ { id: 'server.internal', message: 'Request Error' },
  idempotencyKeyRequired: /*i18n*/ { id: 'server.idempotencyKeyRequired', message: 'An Idempotency-Key header is required' },
  signMessageWrong: /*i18n*/ { id: 'server.sign.messageWrong', message: 'The signed message is not the sign-in message' },
  signExpired: /*i18n*/ { id: 'server.sign.expired', message: 'The sign-in request has expired, please sign again' },
  signFuture: /*i18n*/ { id: 'server.sign.future', message: 'The sign-in time is in the future, check your clock' },
  signInvalid: /*i18n*/ { id: 'server.sign.invalid', message: 'The signature does not match the address' },
  signReused: /*i18n*/ { id: 'server.sign.reused', message: 'This signature was already used, please sign again' },
  unknownConfigKey: /*i18n*/ { id: 'server.config.unknownKey', message: 'Unknown setting' },
} as const

export type ServerMessageKey = keyof typeof serverMessages
