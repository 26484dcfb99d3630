import * as z from 'zod/mini'
import type { Endpoint } from './endpoint.ts'
import { LanguageCode } from './locales.ts'

export const Language = z.object({ code: LanguageCode, bcp47: z.string(), name: z.string() })
export type Language = z.infer<typeof Language>

/** Public settings the app may read. Anything else is refused, so no private setting can leak by name. */
export const CONFIG_KEYS = [
  'platformName',
  /** Minutes east of UTC that times are shown in, e.g. "480" for UTC+8. */
  'serverTimezoneOffset',
  /** Where deposits go by default; kept in session storage by the app. */
  'defaultWalletAddress',
  /** Licence and supervision text; null until the operator sets it. */
  'licence',
  /** Which live-chat provider the support page uses. */
  'chatProvider',
] as const
export const ConfigKey = z.enum(CONFIG_KEYS)
export type ConfigKey = z.infer<typeof ConfigKey>

/** No control characters (a name or an address is one line of plain text). */
const ONE_LINE = /^[^\p{Cc}]*$/u

/**
 * What each setting may hold, by its kind. The app shows these values and may turn an address or a URL into a link,
 * so a setting never carries a scheme the browser would run (javascript:, data:): a URL is https.
 */
export const CONFIG_VALUES: Record<ConfigKey, z.ZodMiniType<string>> = {
  platformName: z.string().check(z.trim(), z.minLength(1), z.maxLength(60), z.regex(ONE_LINE), z.refine((v) => !/[<>]/.test(v))),
  serverTimezoneOffset: z.string().check(z.regex(/^-?\d{1,3}$/), z.refine((v) => Number(v) >= -720 && Number(v) <= 840)),
  // An address on any network the platform takes: letters and digits (0x... on EVM networks).
  defaultWalletAddress: z.string().check(z.regex(/^[A-Za-z0-9]{20,100}$/)),
  licence: z.string().check(z.maxLength(20000)),
  // A provider's name, or the https address of its chat.
  chatProvider: z.string().check(z.maxLength(500), z.refine((v) => /^[A-Za-z0-9][A-Za-z0-9 ._-]{0,39}$/.test(v) || isHttpsUrl(v))),
}

function isHttpsUrl(value: string): boolean {
  if (!/^https:\/\/[^\s]+$/.test(value)) return false
  try {
    return new URL(value).protocol === 'https:'
  } catch {
    return false
  }
}

/** Whether `value` fits the setting `key` (null unsets it, always allowed). */
export const configValueFits = (key: ConfigKey, value: string | null) => value === null || CONFIG_VALUES[key].safeParse(value).success

export const ConfigValue = z.object({ configKey: ConfigKey, value: z.nullable(z.string()) })
export type ConfigValue = z.infer<typeof ConfigValue>

export const Notice = z.object({ id: z.string(), noticeTitle: z.string(), noticeContent: z.string() })
export type Notice = z.infer<typeof Notice>

export const configApi = {
  languageList: { method: 'GET', path: '/queryLanguageList', data: z.array(Language), auth: false },
  configValue: {
    method: 'GET',
    path: '/getConfigValue',
    query: z.object({ configKey: ConfigKey }),
    data: ConfigValue,
    auth: false,
  },
  notice: { method: 'GET', path: '/getNotice', data: z.nullable(Notice), auth: false },
} as const satisfies Record<string, Endpoint>

export const Health = z.object({ ok: z.literal(true) })
export type Health = z.infer<typeof Health>

/** For load balancers and operators: 200 when the server can reach its database. */
export const healthApi = {
  health: { method: 'GET', path: '/health', data: Health, auth: false },
} as const satisfies Record<string, Endpoint>
