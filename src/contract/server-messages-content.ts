// Server messages of the content module (documents, help, partners, the live-money gate); spread into
// serverMessages (server-messages.ts). Each entry is marked /*i18n*/ with an explicit id for Lingui. Imports nothing.
export const contentMessages = {
  documentUnknown: /*i18n*/ { id: 'server.content.documentUnknown', message: 'There is no such document' },
  helpAnswerNotFound: /*i18n*/ { id: 'server.content.helpNotFound', message: 'This help answer does not exist' },
  partnerNotFound: /*i18n*/ { id: 'server.content.partnerNotFound', message: 'This partner does not exist' },
  legalNotPublished: /*i18n*/ {
    id: 'server.content.legalNotPublished',
    message: 'Live money opens once the platform publishes its terms and risk warning; until then you can use the demo account',
  },
  legalAcceptRequired: /*i18n*/ {
    id: 'server.content.legalAcceptRequired',
    message: 'Please read and accept the current terms and risk warning before using live money',
  },
  legalVersionChanged: /*i18n*/ {
    id: 'server.content.legalVersionChanged',
    message: 'A newer version of this document was published; please read it again',
  },
} as const
