import * as z from 'zod/mini'
import { Address, Millis, type Endpoint } from './endpoint.ts'

/** The only message the app asks a wallet to sign; the server accepts nothing else. */
export const SIGN_IN_TEXT = 'welcome login'
export const signInMessage = (timeStamp: number) => `${SIGN_IN_TEXT}${timeStamp}`
/** A signed message is accepted for this long after its timestamp. */
export const SIGN_IN_WINDOW_MS = 5 * 60 * 1000
/** Clock skew allowed for a timestamp slightly in the future. */
export const SIGN_IN_FUTURE_SLACK_MS = 1000

export const CheckSign = z.object({
  address: Address,
  message: z.string().check(z.minLength(1), z.maxLength(200)),
  sign: z.string().check(z.regex(/^0x[0-9a-fA-F]+$/, 'signature'), z.minLength(132), z.maxLength(20000)),
  timeStamp: Millis,
})
export type CheckSign = z.infer<typeof CheckSign>

export const AccountType = z.enum(['demo', 'live'])
export type AccountType = z.infer<typeof AccountType>

export const AccountInfo = z.object({
  id: z.string(),
  /** Null for a user who registered by e-mail; email is null for a wallet user. */
  address: z.nullable(Address),
  email: z.nullable(z.string()),
  accountType: AccountType,
  createdAt: Millis,
})
export type AccountInfo = z.infer<typeof AccountInfo>

/** How long a one-time sign-in code is good for after it was made. */
export const LOGIN_CODE_TTL_MS = 60_000

/**
 * Where a redirect must sign a user in (an e-mail link, OAuth later), it carries a one-time code, never a token: the
 * app posts the code here within LOGIN_CODE_TTL_MS and gets the token (as from checkSign). 32 random bytes,
 * base64url.
 */
export const ExchangeLoginCode = z.object({ code: z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/, 'code')) })
export type ExchangeLoginCode = z.infer<typeof ExchangeLoginCode>

export const authApi = {
  checkSign: { method: 'POST', path: '/checkSign', body: CheckSign, data: z.string(), auth: false },
  loginOut: { method: 'POST', path: '/login_out', body: z.optional(z.object({})), data: z.null(), auth: true },
  myAccountInfo: { method: 'GET', path: '/getMyAccountInfo', data: AccountInfo, auth: true },
  exchangeLoginCode: { method: 'POST', path: '/exchangeLoginCode', body: ExchangeLoginCode, data: z.string(), auth: false },
} as const satisfies Record<string, Endpoint>
