// Server messages of the password module; spread into serverMessages (server-messages.ts). Each entry is marked
// /*i18n*/ with an explicit id for Lingui's extractor. Imports nothing.
export const passwordMessages = {
} as const
