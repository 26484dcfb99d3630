// Server messages of uploads and identity verification (modules/uploads, modules/kyc); spread into serverMessages
// (server-messages.ts). Each entry is marked /*i18n*/ with an explicit id for Lingui's extractor. Imports nothing.
export const uploadsMessages = {
  // The wording of PRODUCT-SPEC section 5.
  imageFormat: /*i18n*/ { id: 'server.upload.format', message: 'image format incorrect; supported formats are JPG, JPEG2000 and PNG' },
  imageTooLarge: /*i18n*/ { id: 'server.upload.tooLarge', message: 'The picture is larger than {max} MB; please send a smaller one' },
  imageTooManyPixels: /*i18n*/ {
    id: 'server.upload.tooManyPixels',
    message: 'The picture has more than {max} megapixels; please send a smaller one',
  },
  imageDamaged: /*i18n*/ { id: 'server.upload.damaged', message: 'The picture is damaged or incomplete; please send it again' },
  imageMissing: /*i18n*/ { id: 'server.upload.missing', message: 'upload the required picture' },
  uploadNotFound: /*i18n*/ { id: 'server.upload.notFound', message: 'Picture not found' },
  uploadBusy: /*i18n*/ { id: 'server.upload.busy', message: 'Many pictures are being processed; please try again in a moment' },
} as const
