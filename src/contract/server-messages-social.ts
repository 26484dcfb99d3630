// Server messages of the social module; spread into serverMessages (server-messages.ts). Each entry is marked
// /*i18n*/ with an explicit id for Lingui's extractor. Imports nothing.
export const socialMessages = {
} as const
