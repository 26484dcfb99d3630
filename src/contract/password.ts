// E-mail and password: the second way in. A user registers with an e-mailed 6-digit code, signs in with
// e-mail and password, and recovers a forgotten password with another code.
//
// The payload schemas only bound the shapes (strings of a sane length); what makes a value acceptable lives in the
// *Issue functions below, which the app runs for its inline messages and the server runs to answer 400 with the
// same reason in the caller's language. So both sides refuse exactly the same input.
//
// Recovery: the product's path GET /resetUserPwd is kept, but a GET must not set a password (it would travel in a
// URL, land in logs and be replayed by prefetchers). It only checks the e-mailed code and answers a one-time ticket;
// POST /resetPwdCallBack { ticket, password } then sets the password.
import * as z from 'zod/mini'
import { Millis, type Endpoint } from './endpoint.ts'

export const EMAIL_MAX_LENGTH = 254
export const PASSWORD_MIN_LENGTH = 8
export const PASSWORD_MAX_LENGTH = 128
export const EMAIL_CODE_LENGTH = 6
/** An e-mailed code is valid this long, once, and for at most EMAIL_CODE_MAX_ATTEMPTS wrong guesses. */
export const EMAIL_CODE_TTL_MS = 10 * 60 * 1000
export const EMAIL_CODE_MAX_ATTEMPTS = 5
/** A new code for the same e-mail and purpose may be asked for after this long. */
export const EMAIL_CODE_RESEND_MS = 60 * 1000
/** The reset ticket from /resetUserPwd is valid this long, once. */
export const RESET_TICKET_TTL_MS = 15 * 60 * 1000

const EMAIL_SHAPE = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/
const CODE_SHAPE = /^\d{6}$/

export type EmailIssue = 'enterEmail' | 'emailFormat'
export type PasswordIssue = 'enterPassword' | 'passwordLength'
export type CodeIssue = 'enterCode' | 'codeFormat'

/** One spelling per mailbox: the unique key on users.email holds lower-cased addresses. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase()

export function emailIssue(email: string): EmailIssue | null {
  const value = email.trim()
  if (value === '') return 'enterEmail'
  if (value.length > EMAIL_MAX_LENGTH || !EMAIL_SHAPE.test(value)) return 'emailFormat'
  return null
}

export function passwordIssue(password: string): PasswordIssue | null {
  if (password === '') return 'enterPassword'
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) return 'passwordLength'
  return null
}

export function codeIssue(code: string): CodeIssue | null {
  if (code.trim() === '') return 'enterCode'
  return CODE_SHAPE.test(code.trim()) ? null : 'codeFormat'
}

/** Shapes only; generous bounds so an overlong value still reaches the issue checks and gets their message. */
const Text = (max: number) => z.string().check(z.maxLength(max))
const EmailText = Text(1000)
const PasswordText = Text(1000)
const CodeText = Text(100)

export const EmailCodePurpose = z.enum(['register', 'reset'])
export type EmailCodePurpose = z.infer<typeof EmailCodePurpose>

export const Register = z.object({
  email: EmailText,
  password: PasswordText,
  code: CodeText,
  inviteCode: z.optional(Text(100)),
})
export type Register = z.infer<typeof Register>

export const Login = z.object({ email: EmailText, password: PasswordText })
export type Login = z.infer<typeof Login>

export const EmailCodeQuery = z.object({ email: EmailText, purpose: EmailCodePurpose })
export type EmailCodeQuery = z.infer<typeof EmailCodeQuery>

export const ResetCheckQuery = z.object({ email: EmailText, code: CodeText })
export type ResetCheckQuery = z.infer<typeof ResetCheckQuery>

export const ResetTicket = z.object({ ticket: z.string(), expiresAt: Millis })
export type ResetTicket = z.infer<typeof ResetTicket>

export const ResetPassword = z.object({ ticket: Text(200), password: PasswordText })
export type ResetPassword = z.infer<typeof ResetPassword>

export const UpdatePassword = z.object({ oldPassword: PasswordText, newPassword: PasswordText })
export type UpdatePassword = z.infer<typeof UpdatePassword>

export const passwordApi = {
  /** Answers the session token, like /checkSign. */
  register: { method: 'POST', path: '/register', body: Register, data: z.string(), auth: false },
  /** Answers the session token. A wrong password and an unknown e-mail get the same 400. */
  login: { method: 'POST', path: '/login', body: Login, data: z.string(), auth: false },
  /**
   * Mails a code. Answers alike whether or not the e-mail is registered, for both purposes (no way to test which
   * addresses have accounts): registering a known address mails "you already have an account" instead of a code.
   */
  emailCode: { method: 'GET', path: '/getEmailCode', query: EmailCodeQuery, data: z.null(), auth: false },
  /** Checks a reset code and answers a one-time ticket (see the top of this file). */
  resetCheck: { method: 'GET', path: '/resetUserPwd', query: ResetCheckQuery, data: ResetTicket, auth: false },
  resetPassword: { method: 'POST', path: '/resetPwdCallBack', body: ResetPassword, data: z.null(), auth: false },
  updatePassword: { method: 'POST', path: '/updatePwd', body: UpdatePassword, data: z.null(), auth: true },
} as const satisfies Record<string, Endpoint>
