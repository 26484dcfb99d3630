// Server messages of news (modules/news); spread into serverMessages (server-messages.ts). Each entry is marked
// /*i18n*/ with an explicit id for Lingui's extractor. Imports nothing.
export const newsMessages = {
  articleNotFound: /*i18n*/ { id: 'server.news.notFound', message: 'This article does not exist or is no longer published' },
} as const
