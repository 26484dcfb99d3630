// Server messages of uploads and identity verification (modules/uploads, modules/kyc); spread into serverMessages
// (server-messages.ts). Each entry is marked /*i18n*/ with an explicit id for Lingui's extractor. Imports nothing.
export const uploadsMessages = {
  // The product's own wording, which users of the earlier app know.
  imageFormat: /*i18n*/ { id: 'server.upload.format', message: 'image format incorrect; supported formats are JPG, JPEG2000 and PNG' },
  imageTooLarge: /*i18n*/ { id: 'server.upload.tooLarge', message: 'The picture is larger than {max} MB; please send a smaller one' },
  imageTooManyPixels: /*i18n*/ {
    id: 'server.upload.tooManyPixels',
    message: 'The picture has more than {max} megapixels; please send a smaller one',
  },
  imageDamaged: /*i18n*/ { id: 'server.upload.damaged', message: 'The picture is damaged or incomplete; please send it again' },
  imageMissing: /*i18n*/ { id: 'server.upload.missing', message: 'upload the required picture' },
  uploadNotFound: /*i18n*/ { id: 'server.upload.notFound', message: 'Picture not found' },
  coverNotFound: /*i18n*/ { id: 'server.upload.coverNotFound', message: 'The cover picture was not found; upload it again' },
  uploadMalformed: /*i18n*/ { id: 'server.upload.malformed', message: 'The upload form is malformed or incomplete; please send the picture again' },
  uploadBusy: /*i18n*/ { id: 'server.upload.busy', message: 'Many pictures are being processed; please try again in a moment' },
  // Identity verification (modules/kyc). 'data input not complete' is the product's own wording.
  kycIncomplete: /*i18n*/ { id: 'server.kyc.incomplete', message: 'data input not complete' },
  kycPending: /*i18n*/ { id: 'server.kyc.pending', message: 'Your verification is already waiting for review' },
  kycAlreadyVerified: /*i18n*/ { id: 'server.kyc.verified', message: 'Your identity is already verified' },
  kycSamePicture: /*i18n*/ { id: 'server.kyc.samePicture', message: 'Each of the three photos must be a different picture' },
  kycNotFound: /*i18n*/ { id: 'server.kyc.notFound', message: 'Verification not found' },
  kycReviewed: /*i18n*/ { id: 'server.kyc.reviewed', message: 'This verification was already reviewed' },
  // Messages sent to the user when an operator decides (messages.service.ts MESSAGE_TEMPLATES).
  messageKycVerifiedTitle: /*i18n*/ { id: 'server.message.kycVerified.title', message: 'Identity verified' },
  messageKycVerifiedBody: /*i18n*/ {
    id: 'server.message.kycVerified.body',
    message: 'Your identity verification was approved. Everything that needs a verified identity is now open to you.',
  },
  messageKycRejectedTitle: /*i18n*/ { id: 'server.message.kycRejected.title', message: 'Identity verification not accepted' },
  messageKycRejectedBody: /*i18n*/ {
    id: 'server.message.kycRejected.body',
    message: 'Your identity verification was not accepted. The account verification screen shows the reason; correct it and submit again.',
  },
} as const
