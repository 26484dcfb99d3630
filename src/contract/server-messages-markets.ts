// Server messages of the markets module (catalogue, candles, favourites); spread into serverMessages
// (server-messages.ts). Each entry is marked /*i18n*/ with an explicit id for Lingui's extractor. Imports nothing.
export const marketsMessages = {
  marketUnknownSymbol: /*i18n*/ { id: 'server.markets.unknownSymbol', message: 'There is no instrument with the symbol {symbol}' },
  marketUnknownPid: /*i18n*/ { id: 'server.markets.unknownPid', message: 'There is no instrument with the number {pid}' },
} as const
