// Server messages of the social module; spread into serverMessages (server-messages.ts). Each entry is marked
// /*i18n*/ with an explicit id for Lingui's extractor. Imports nothing.
export const socialMessages = {
  inviterAlreadySet: /*i18n*/ { id: 'server.invite.alreadySet', message: 'Your account already has an inviter' },
  inviteCodeUnknown: /*i18n*/ { id: 'server.invite.unknown', message: 'This invite code does not exist' },
  inviteCodeOwn: /*i18n*/ { id: 'server.invite.own', message: 'You cannot use your own invite code' },
  inviteCodeCycle: /*i18n*/ { id: 'server.invite.cycle', message: 'This user was invited by you, so they cannot be your inviter' },
  // Sign-in (modules/auth) beyond the wallet's messages in server-messages.ts.
  loginCodeInvalid: /*i18n*/ { id: 'server.auth.loginCodeInvalid', message: 'This sign-in link has expired or was already used, please sign in again' },
  messageNotFound: /*i18n*/ { id: 'server.messages.notFound', message: 'Message not found' },
  messageWelcomeTitle: /*i18n*/ { id: 'server.messages.welcome.title', message: 'Welcome aboard' },
  messageWelcomeBody: /*i18n*/ {
    id: 'server.messages.welcome.body',
    message: 'Your account is ready, with a demo book to try trading risk-free. Invite friends from your account page.',
  },
} as const
