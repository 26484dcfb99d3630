// Server messages of the orders module (contract and limit orders, the engine's closes); spread into serverMessages
// (server-messages.ts). Each entry is marked /*i18n*/ with an explicit id for Lingui's extractor. Imports nothing.
export const ordersMessages = {
  orderNotFound: /*i18n*/ { id: 'server.orders.notFound', message: 'Order not found' },
  unknownSymbol: /*i18n*/ { id: 'server.orders.unknownSymbol', message: 'Unknown instrument: {symbol}' },
  marketClosed: /*i18n*/ { id: 'server.orders.marketClosed', message: 'The market for {symbol} is closed now' },
  noQuote: /*i18n*/ { id: 'server.orders.noQuote', message: 'There is no price for {symbol} yet, please try again shortly' },
  priceMoved: /*i18n*/ {
    id: 'server.orders.priceMoved',
    message: 'The price moved to {price}, more than the slippage you accepted; check the new price and confirm again',
  },
  slippageIncomplete: /*i18n*/ {
    id: 'server.orders.slippageIncomplete',
    message: 'Send the quoted price and the accepted slippage together, or neither',
  },
  lotsOutOfRange: /*i18n*/ {
    id: 'server.orders.lotsOutOfRange',
    message: 'Lots for {symbol} go from {min} to {max} in steps of {step}',
  },
  leverageNotAllowed: /*i18n*/ {
    id: 'server.orders.leverageNotAllowed',
    message: 'Leverage {leverage} is not offered for {symbol}; choose one of {allowed}',
  },
  // The product's own wording, which users of the earlier app know.
  unreasonableStops: /*i18n*/ {
    id: 'server.orders.unreasonableStops',
    message: 'unreasonable price setting for stop profit and stop loss',
  },
  insufficientMargin: /*i18n*/ {
    id: 'server.orders.insufficientMargin',
    message: 'Not enough free margin: this order needs {required} {currency} and {free} {currency} is free',
  },
  priceOffGrid: /*i18n*/ {
    id: 'server.orders.priceOffGrid',
    message: 'Prices for {symbol} have at most {digits} decimals; {price} has more',
  },
  liveNeedsRealFeed: /*i18n*/ {
    id: 'server.orders.liveNeedsRealFeed',
    message: 'Live orders for {symbol} need real market prices, and this server has only simulated ones. Trade it on your demo book.',
  },
  feedStale: /*i18n*/ {
    id: 'server.orders.feedStale',
    message: 'No price for {symbol} has arrived for {seconds} seconds; live orders wait until prices flow again',
  },
  insufficientCash: /*i18n*/ {
    id: 'server.orders.insufficientCash',
    message: 'Not enough cash: this order needs {required} {currency} and {available} {currency} is available; floating profit becomes cash only when its position closes',
  },
  // A pending order on the wrong side of the market (orders.checks.ts checkPendingSide): it would fill at once.
  buyLimitNotBelowAsk: /*i18n*/ {
    id: 'server.orders.buyLimitNotBelowAsk',
    message: 'A buy limit waits below the ask ({market}); at {price} it would buy at once. To buy when the price rises to {price}, place a buy stop.',
  },
  sellLimitNotAboveBid: /*i18n*/ {
    id: 'server.orders.sellLimitNotAboveBid',
    message: 'A sell limit waits above the bid ({market}); at {price} it would sell at once. To sell when the price falls to {price}, place a sell stop.',
  },
  buyStopNotAboveAsk: /*i18n*/ {
    id: 'server.orders.buyStopNotAboveAsk',
    message: 'A buy stop waits above the ask ({market}); at {price} it would buy at once. To buy when the price falls to {price}, place a buy limit.',
  },
  sellStopNotBelowBid: /*i18n*/ {
    id: 'server.orders.sellStopNotBelowBid',
    message: 'A sell stop waits below the bid ({market}); at {price} it would sell at once. To sell when the price rises to {price}, place a sell limit.',
  },
  positionNotOpen: /*i18n*/ { id: 'server.orders.positionNotOpen', message: 'This position is already closed' },
  limitNotPending: /*i18n*/ { id: 'server.orders.limitNotPending', message: 'This limit order is no longer pending' },
  // Reasons shown in the transaction record (server/ledger/types.ts REASONS).
  reasonTradeOpen: /*i18n*/ { id: 'server.ledger.reason.trade.open', message: 'Position opened: margin and fee held' },
  reasonTradeFee: /*i18n*/ { id: 'server.ledger.reason.trade.fee', message: 'Trading fee' },
  reasonTradeClose: /*i18n*/ { id: 'server.ledger.reason.trade.close', message: 'Position closed: margin released and profit or loss' },
  reasonTradeTakeProfit: /*i18n*/ { id: 'server.ledger.reason.trade.takeProfit', message: 'Position closed by take profit' },
  reasonTradeStopLoss: /*i18n*/ { id: 'server.ledger.reason.trade.stopLoss', message: 'Position closed by stop loss' },
  reasonTradeStopOut: /*i18n*/ { id: 'server.ledger.reason.trade.stopOut', message: 'Position closed by stop-out' },
  reasonLimitReserve: /*i18n*/ { id: 'server.ledger.reason.limit.reserve', message: 'Limit order placed: margin held' },
  reasonLimitCancel: /*i18n*/ { id: 'server.ledger.reason.limit.cancel', message: 'Limit order cancelled: margin released' },
  reasonLimitFill: /*i18n*/ { id: 'server.ledger.reason.limit.fill', message: 'Limit order filled: margin adjusted and fee' },
  // Messages the engine sends (messages.service.ts MESSAGE_TEMPLATES); the order history shows the price and margin level.
  messageTakeProfitTitle: /*i18n*/ { id: 'server.message.takeProfit.title', message: 'Take profit reached' },
  messageTakeProfitBody: /*i18n*/ {
    id: 'server.message.takeProfit.body',
    message: 'One of your positions was closed at its take-profit price. Your order history shows the price and the result.',
  },
  messageStopLossTitle: /*i18n*/ { id: 'server.message.stopLoss.title', message: 'Stop loss reached' },
  messageStopLossBody: /*i18n*/ {
    id: 'server.message.stopLoss.body',
    message: 'One of your positions was closed at its stop-loss price. Your order history shows the price and the result.',
  },
  messageStopOutTitle: /*i18n*/ { id: 'server.message.stopOut.title', message: 'Position closed by stop-out' },
  messageStopOutBody: /*i18n*/ {
    id: 'server.message.stopOut.body',
    message:
      'Your margin level fell below the stop-out level, so a position was closed, the largest loss first. Your order history shows the price and the margin level.',
  },
  messageLimitFilledTitle: /*i18n*/ { id: 'server.message.limitFilled.title', message: 'Limit order filled' },
  messageLimitFilledBody: /*i18n*/ {
    id: 'server.message.limitFilled.body',
    message: 'The price reached your limit order, and it opened a position. You find it among your open positions.',
  },
  messageLimitCancelledTitle: /*i18n*/ { id: 'server.message.limitCancelled.title', message: 'Limit order cancelled' },
  messageLimitCancelledBody: /*i18n*/ {
    id: 'server.message.limitCancelled.body',
    message: 'The price reached your limit order, but the free margin did not cover the position at that price, so the order was cancelled and its margin released.',
  },
  messageStopFilledTitle: /*i18n*/ { id: 'server.message.stopFilled.title', message: 'Stop order filled' },
  messageStopFilledBody: /*i18n*/ {
    id: 'server.message.stopFilled.body',
    message: 'The price reached your stop order, and it opened a position. You find it among your open positions.',
  },
  messageStopCancelledTitle: /*i18n*/ { id: 'server.message.stopCancelled.title', message: 'Stop order cancelled' },
  messageStopCancelledBody: /*i18n*/ {
    id: 'server.message.stopCancelled.body',
    message: 'The price reached your stop order, but the free margin did not cover the position at that price, so the order was cancelled and its margin released.',
  },
  // The same messages with their details (params): amounts arrive formatted in the reader's language; `count` is the
  // lots as a number, only to choose the plural form, and `lots` their formatted text.
  messageTakeProfitDetail: /*i18n*/ {
    id: 'server.message.takeProfit.detail',
    message:
      'Your position #{orderNo} {side, select, buy {Buy} other {Sell}} {count, plural, one {{lots} lot} other {{lots} lots}} {symbol} was closed at its take profit at {price}. P/L: {pnl} {currency}.',
  },
  messageStopLossDetail: /*i18n*/ {
    id: 'server.message.stopLoss.detail',
    message:
      'Your position #{orderNo} {side, select, buy {Buy} other {Sell}} {count, plural, one {{lots} lot} other {{lots} lots}} {symbol} was closed at its stop loss at {price}. P/L: {pnl} {currency}.',
  },
  messageStopOutDetail: /*i18n*/ {
    id: 'server.message.stopOut.detail',
    message:
      'Your margin level fell below the stop-out level, so your position #{orderNo} {side, select, buy {Buy} other {Sell}} {count, plural, one {{lots} lot} other {{lots} lots}} {symbol} was closed at {price}. P/L: {pnl} {currency}.',
  },
  messageLimitFilledDetail: /*i18n*/ {
    id: 'server.message.limitFilled.detail',
    message:
      'Your limit order filled at {price}: it opened position #{orderNo} {side, select, buy {Buy} other {Sell}} {count, plural, one {{lots} lot} other {{lots} lots}} {symbol}.',
  },
  messageLimitCancelledDetail: /*i18n*/ {
    id: 'server.message.limitCancelled.detail',
    message:
      'The price reached your limit order #{orderNo} {side, select, buy {Buy} other {Sell}} {count, plural, one {{lots} lot} other {{lots} lots}} {symbol} at {price}, but the free margin did not cover the position, so the order was cancelled and its margin released.',
  },
  messageStopFilledDetail: /*i18n*/ {
    id: 'server.message.stopFilled.detail',
    message:
      'Your stop order filled at {price}: it opened position #{orderNo} {side, select, buy {Buy} other {Sell}} {count, plural, one {{lots} lot} other {{lots} lots}} {symbol}.',
  },
  messageStopCancelledDetail: /*i18n*/ {
    id: 'server.message.stopCancelled.detail',
    message:
      'The price reached your stop order #{orderNo} {side, select, buy {Buy} other {Sell}} {count, plural, one {{lots} lot} other {{lots} lots}} {symbol} at {price}, but the free margin did not cover the position, so the order was cancelled and its margin released.',
  },
} as const
