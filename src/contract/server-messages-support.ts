// Server messages of the support chat (modules/support); spread into serverMessages (server-messages.ts). Each entry
// is marked /*i18n*/ with an explicit id for Lingui's extractor. Imports nothing.
export const supportMessages = {
  supportEmpty: /*i18n*/ { id: 'server.support.empty', message: 'Write a message or attach a picture before sending' },
  supportTooLong: /*i18n*/ { id: 'server.support.tooLong', message: 'A message can be at most {max} characters' },
  supportAttachmentNotFound: /*i18n*/ { id: 'server.support.attachmentNotFound', message: 'The picture to attach was not found; upload it again' },
  supportNotFound: /*i18n*/ { id: 'server.support.notFound', message: 'This conversation does not exist or is not yours' },
} as const
