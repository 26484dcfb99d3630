// Server messages of the earn module (server/modules/earn, Smart trading plans); spread into serverMessages
// (server-messages.ts). Each entry is marked /*i18n*/ with an explicit id for Lingui's extractor. Imports nothing.
export const earnMessages = {
  // The product's own wording for an empty amount.
  earnEnterAmount: /*i18n*/ { id: 'server.earn.enterAmount', message: 'enter Smart amount' },
  earnOutOfRange: /*i18n*/ { id: 'server.earn.outOfRange', message: 'Enter an amount from {min} to {max} {currency}' },
  earnSoldOut: /*i18n*/ {
    id: 'server.earn.soldOut',
    message: 'Sold out: the reserve cannot cover the earnings of this purchase now. Try a smaller amount or later.',
  },
  earnPlanNotFound: /*i18n*/ { id: 'server.earn.planNotFound', message: 'This plan does not exist' },
  earnPlanNotOnSale: /*i18n*/ { id: 'server.earn.planNotOnSale', message: 'This plan is not on sale now' },
  earnOrderNotFound: /*i18n*/ { id: 'server.earn.orderNotFound', message: 'This plan purchase does not exist' },
  earnOrderEnded: /*i18n*/ { id: 'server.earn.orderEnded', message: 'This plan has already ended' },
  earnPlanRange: /*i18n*/ { id: 'server.earn.planRange', message: 'The minimum cannot be above the maximum' },
  earnPlanNameRequired: /*i18n*/ { id: 'server.earn.planNameRequired', message: 'An English (en_US) name is required' },
  earnPlanClosed: /*i18n*/ { id: 'server.earn.planClosed', message: 'A closed plan cannot be opened again' },
  // Reasons shown in the transaction record.
  reasonEarnFund: /*i18n*/ { id: 'server.ledger.reason.earn.fund', message: 'Reserve funded' },
  reasonEarnPurchase: /*i18n*/ { id: 'server.ledger.reason.earn.purchase', message: 'Smart plan bought' },
  reasonEarnEarnings: /*i18n*/ { id: 'server.ledger.reason.earn.earnings', message: 'Smart plan earnings' },
  reasonEarnExpiry: /*i18n*/ { id: 'server.ledger.reason.earn.expiry', message: 'Smart plan ended: principal returned' },
  reasonEarnEarlyExit: /*i18n*/ { id: 'server.ledger.reason.earn.earlyExit', message: 'Smart plan left early' },
} as const
