// Server messages of the operator console (modules/ops); spread into serverMessages (server-messages.ts). Each entry
// is marked /*i18n*/ with an explicit id for Lingui's extractor. Imports nothing.
export const opsMessages = {
  // One message for a wrong name, password or code: the answer does not tell which one was right.
  opsSignInFailed: /*i18n*/ { id: 'server.ops.signInFailed', message: 'The name, password or code is wrong' },
  opsCodeUsed: /*i18n*/ { id: 'server.ops.codeUsed', message: 'This code was already used: wait for the next code and try again' },
  opsLocked: /*i18n*/ {
    id: 'server.ops.locked',
    message: 'Too many failed sign-ins: this operator is locked, try again in {minutes, plural, one {# minute} other {# minutes}}',
  },
  opsForbidden: /*i18n*/ { id: 'server.ops.forbidden', message: 'Your operator roles do not allow this' },
  opsUserNotFound: /*i18n*/ { id: 'server.ops.userNotFound', message: 'There is no user with this id' },
  opsSessionNotLive: /*i18n*/ { id: 'server.ops.sessionNotLive', message: 'This session is not one of the user’s live sessions' },
} as const
