// Server messages of managing positions and orders (orders-manage.ts: TP/SL changes, partial close, close all);
// spread into serverMessages (server-messages.ts). Each entry is marked /*i18n*/ with an explicit id for Lingui's
// extractor. Imports nothing.
export const manageMessages = {
  partialLots: /*i18n*/ {
    id: 'server.orders.partialLots',
    message: 'To close part of this {symbol} position, choose lots in steps of {step}, less than its {lots} lots',
  },
  noPositionsToClose: /*i18n*/ { id: 'server.orders.noPositionsToClose', message: 'There are no open positions to close' },
  noSymbolPositionsToClose: /*i18n*/ { id: 'server.orders.noSymbolPositionsToClose', message: 'There are no open {symbol} positions to close' },
  recordPartiallyClosed: /*i18n*/ {
    id: 'server.record.partiallyClosed',
    message: 'Partially closed {count, plural, one {{lots} lot} other {{lots} lots}} {symbol} #{positionNo}: P/L {profit}, margin {margin} released',
  },
} as const
