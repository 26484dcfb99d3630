// Server messages of the funds module (currencies on networks, deposits); spread into serverMessages
// (server-messages.ts). Each entry is marked /*i18n*/ with an explicit id for Lingui's extractor. Imports nothing.
export const fundsMessages = {
  unknownNetwork: /*i18n*/ { id: 'server.funds.unknownNetwork', message: '{currency} is not offered on the network {network}' },
} as const
