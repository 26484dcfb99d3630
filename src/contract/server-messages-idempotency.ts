// Server messages of idempotency (server/idempotency); spread into serverMessages (server-messages.ts). Each entry is
// marked /*i18n*/ with an explicit id for Lingui's extractor. Imports nothing.
export const idempotencyMessages = {
  idempotencyKeyReused: /*i18n*/ {
    id: 'server.idempotency.keyReused',
    message: 'This key was already used for a different request',
  },
  idempotencyKeyInProgress: /*i18n*/ {
    id: 'server.idempotency.inProgress',
    message: 'A request with this key is still being processed',
  },
} as const
