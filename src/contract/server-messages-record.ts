// The transaction record's sentences, one per business event (server/modules/account/events.ts); spread into
// serverMessages (server-messages.ts). Amounts arrive formatted in the reader's language; `count` is the lots as a
// number, only to choose the plural form, and `lots` their formatted text. Plain literals: the extractor reads no
// other kind. Imports nothing.
export const recordMessages = {
  recordOpened: /*i18n*/ {
    id: 'server.record.opened',
    message: '{side, select, buy {Bought} other {Sold}} {count, plural, one {{lots} lot} other {{lots} lots}} {symbol} #{orderNo}: margin {margin} held, fee {fee}',
  },
  recordClosed: /*i18n*/ { id: 'server.record.closed', message: 'Closed #{orderNo} {symbol}: P/L {profit}, margin {margin} released' },
  recordClosedTakeProfit: /*i18n*/ {
    id: 'server.record.closedTakeProfit',
    message: 'Take profit closed #{orderNo} {symbol}: P/L {profit}, margin {margin} released',
  },
  recordClosedStopLoss: /*i18n*/ {
    id: 'server.record.closedStopLoss',
    message: 'Stop loss closed #{orderNo} {symbol}: P/L {profit}, margin {margin} released',
  },
  recordClosedStopOut: /*i18n*/ {
    id: 'server.record.closedStopOut',
    message: 'Stop-out closed #{orderNo} {symbol}: P/L {profit}, margin {margin} released',
  },
  recordLimitPlaced: /*i18n*/ {
    id: 'server.record.limitPlaced',
    message: '{side, select, buy {Buy limit} other {Sell limit}} {count, plural, one {{lots} lot} other {{lots} lots}} {symbol} #{orderNo} placed: margin {margin} held',
  },
  recordStopPlaced: /*i18n*/ {
    id: 'server.record.stopPlaced',
    message: '{side, select, buy {Buy stop} other {Sell stop}} {count, plural, one {{lots} lot} other {{lots} lots}} {symbol} #{orderNo} placed: margin {margin} held',
  },
  recordStopCancelled: /*i18n*/ { id: 'server.record.stopCancelled', message: 'Stop order #{orderNo} {symbol} cancelled: margin {margin} released' },
  recordStopFilled: /*i18n*/ {
    id: 'server.record.stopFilled',
    message: 'Stop order #{orderNo} filled: {side, select, buy {bought} other {sold}} {count, plural, one {{lots} lot} other {{lots} lots}} {symbol} #{positionNo}, margin {margin} held, fee {fee}',
  },
  recordLimitCancelled: /*i18n*/ { id: 'server.record.limitCancelled', message: 'Limit order #{orderNo} {symbol} cancelled: margin {margin} released' },
  recordLimitFilled: /*i18n*/ {
    id: 'server.record.limitFilled',
    message: 'Limit order #{orderNo} filled: {side, select, buy {bought} other {sold}} {count, plural, one {{lots} lot} other {{lots} lots}} {symbol} #{positionNo}, margin {margin} held, fee {fee}',
  },
  recordFee: /*i18n*/ { id: 'server.record.fee', message: 'Trading fee #{orderNo}: {fee}' },
  recordWithdrawalRequested: /*i18n*/ {
    id: 'server.record.withdrawalRequested',
    message: 'Withdrawal #{id} requested: {amount} held until it is paid out',
  },
  recordWithdrawalPaid: /*i18n*/ { id: 'server.record.withdrawalPaid', message: 'Withdrawal #{id} paid out: {sent} sent, fee {fee}' },
  recordWithdrawalRejected: /*i18n*/ { id: 'server.record.withdrawalRejected', message: 'Withdrawal #{id} rejected: {amount} available again' },
} as const
