// Server messages of Google and Facebook sign-in (server/modules/oidc); spread into serverMessages
// (server-messages.ts). Each entry is marked /*i18n*/ with an explicit id for Lingui's extractor. Imports nothing.
export const oidcMessages = {
  oidcNotConfigured: /*i18n*/ { id: 'server.oidc.notConfigured', message: 'Signing in with this provider is not available' },
  oidcUnavailable: /*i18n*/ { id: 'server.oidc.unavailable', message: 'The sign-in provider cannot be reached, please try again later' },
  oidcSignInAgain: /*i18n*/ {
    id: 'server.oidc.signInAgain',
    message: 'To link an account, sign out and sign in again with your wallet or password, then link it within 10 minutes',
  },
} as const
