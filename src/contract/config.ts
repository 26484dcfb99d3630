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
