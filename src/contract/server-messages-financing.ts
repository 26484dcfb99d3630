// Server messages of financing (server/modules/financing); spread into serverMessages (server-messages.ts). Each entry
// is marked /*i18n*/ with an explicit id for Lingui's extractor. Imports nothing.
export const financingMessages = {
  financingEnterAmount: /*i18n*/ { id: 'server.financing.enterAmount', message: 'Enter an amount' },
  financingOutOfRange: /*i18n*/ { id: 'server.financing.outOfRange', message: 'Enter an amount from {min} to {max} {currency}' },
  financingSoldOut: /*i18n*/ {
    id: 'server.financing.soldOut',
    message: 'Sold out: the reserve cannot cover the interest of this purchase now. Try a smaller amount or later.',
  },
  financingProductNotFound: /*i18n*/ { id: 'server.financing.productNotFound', message: 'This financing product does not exist' },
  financingNotOnSale: /*i18n*/ { id: 'server.financing.notOnSale', message: 'This financing product is not on sale now' },
  financingOrderNotFound: /*i18n*/ { id: 'server.financing.orderNotFound', message: 'This financing order does not exist' },
  financingOrderEnded: /*i18n*/ { id: 'server.financing.orderEnded', message: 'This financing order has already ended' },
  financingAmountChanged: /*i18n*/ {
    id: 'server.financing.amountChanged',
    message: 'The amount of an early redemption changed since you saw it: it is now {amount} {currency}. Review it again.',
  },
  financingProductClosed: /*i18n*/ { id: 'server.financing.productClosed', message: 'A closed financing product cannot be opened again' },
  // Reasons shown in the transaction record.
  reasonFinancingPurchase: /*i18n*/ { id: 'server.ledger.reason.financing.purchase', message: 'Financing bought' },
  reasonFinancingMaturity: /*i18n*/ { id: 'server.ledger.reason.financing.maturity', message: 'Financing matured: principal and interest' },
  reasonFinancingEarly: /*i18n*/ { id: 'server.ledger.reason.financing.early', message: 'Financing redeemed early' },
} as const
