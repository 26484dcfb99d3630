// Server messages of the password module; spread into serverMessages (server-messages.ts). Each entry is marked
// /*i18n*/ with an explicit id for Lingui's extractor. Imports nothing.
// The first six keys equal the issue names of src/contract/password.ts, so the server answers what the app shows.
export const passwordMessages = {
  enterEmail: /*i18n*/ { id: 'server.password.enterEmail', message: 'enter email' },
  emailFormat: /*i18n*/ { id: 'server.password.emailFormat', message: 'email format incorrect' },
  enterPassword: /*i18n*/ { id: 'server.password.enterPassword', message: 'enter password' },
  passwordLength: /*i18n*/ { id: 'server.password.length', message: 'The password must be 8 to 128 characters long' },
  enterCode: /*i18n*/ { id: 'server.password.enterCode', message: 'enter the verification code' },
  codeFormat: /*i18n*/ { id: 'server.password.codeFormat', message: 'The verification code has 6 digits' },
  wrongCredentials: /*i18n*/ { id: 'server.password.wrongCredentials', message: 'wrong e-mail or password' },
  wrongOldPassword: /*i18n*/ { id: 'server.password.wrongOld', message: 'The current password is wrong' },
  noPassword: /*i18n*/ { id: 'server.password.none', message: 'This account signs in with a wallet and has no password' },
  emailTaken: /*i18n*/ { id: 'server.password.emailTaken', message: 'This e-mail is already registered, sign in instead' },
  codeInvalid: /*i18n*/ { id: 'server.password.codeInvalid', message: 'The verification code is wrong or has expired' },
  codeAttempts: /*i18n*/ { id: 'server.password.codeAttempts', message: 'Too many wrong codes, please ask for a new one' },
  codeTooSoon: /*i18n*/ { id: 'server.password.codeTooSoon', message: 'A code was just sent, please wait a minute before asking again' },
  ticketInvalid: /*i18n*/ { id: 'server.password.ticketInvalid', message: 'The reset link has expired, please start again' },
  mailCodeSubject: /*i18n*/ { id: 'server.password.mail.subject', message: 'Your {platformName} verification code: {code}' },
  mailCodeBody: /*i18n*/ {
    id: 'server.password.mail.body',
    message: 'Your verification code is {code}. It is valid for 10 minutes and can be used once. If you did not ask for it, ignore this e-mail.',
  },
  /** Mailed instead of a code when someone asks to register an address that already has an account. */
  mailTakenSubject: /*i18n*/ { id: 'server.password.mail.taken.subject', message: 'Your {platformName} account' },
  mailTakenBody: /*i18n*/ {
    id: 'server.password.mail.taken.body',
    message:
      'Someone asked to register at {platformName} with this e-mail address, but it already has an account. Sign in with it, or choose "Forgot password" when signing in to set a new password. If you did not ask, ignore this e-mail.',
  },
} as const
