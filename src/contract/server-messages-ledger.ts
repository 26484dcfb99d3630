// Server messages of the ledger module; spread into serverMessages (server-messages.ts). Each entry is marked
// /*i18n*/ with an explicit id for Lingui's extractor. Imports nothing.
export const ledgerMessages = {
  insufficientFunds: /*i18n*/ { id: 'server.ledger.insufficientFunds', message: 'Insufficient balance' },
  unknownCurrency: /*i18n*/ { id: 'server.ledger.unknownCurrency', message: 'Unknown currency: {currency}' },
  // Proof of liabilities (server/modules/liabilities): a snapshot asked for by id that was never published.
  liabilitySnapshotNotFound: /*i18n*/ { id: 'server.liabilities.snapshotNotFound', message: 'No snapshot with this number was published' },
  amountTooPrecise: /*i18n*/ {
    id: 'server.ledger.amountTooPrecise',
    message: 'The amount {amount} has more decimals than {currency} allows ({scale})',
  },
  amountTooLarge: /*i18n*/ { id: 'server.ledger.amountTooLarge', message: 'The amount {amount} is too large' },
  balanceTooLarge: /*i18n*/ { id: 'server.ledger.balanceTooLarge', message: 'This would take a balance beyond what the ledger can hold' },
  ledgerBusy: /*i18n*/ { id: 'server.ledger.busy', message: 'Your balance is being updated, please try again' },
  // Reasons shown in the transaction record; a journal stores the id, the record shows the text.
  reasonDemoFunding: /*i18n*/ { id: 'server.ledger.reason.demo.funding', message: 'Demo funds' },
  reasonDemoReset: /*i18n*/ { id: 'server.ledger.reason.demo.reset', message: 'Demo funds reset' },
  reasonTransfer: /*i18n*/ { id: 'server.ledger.reason.transfer', message: 'Transfer' },
} as const
