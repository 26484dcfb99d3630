// The 16 languages the product ships. The product's server codes (en_US, hd_HD, ...) are what the Language header
// and the stored choice carry; the BCP 47 tags name the catalogs under locales/ and drive Intl.
import * as z from 'zod/mini'

export const LANGUAGES = [
  { code: 'en_US', bcp47: 'en-US', name: 'English' },
  { code: 'de_DE', bcp47: 'de-DE', name: 'Deutsch' },
  { code: 'es_ES', bcp47: 'es-ES', name: 'Español' },
  { code: 'fr_FR', bcp47: 'fr-FR', name: 'Français' },
  { code: 'hd_HD', bcp47: 'hi-IN', name: 'हिन्दी' },
  { code: 'id_ID', bcp47: 'id-ID', name: 'Bahasa Indonesia' },
  { code: 'jp_JP', bcp47: 'ja-JP', name: '日本語' },
  { code: 'kr_KR', bcp47: 'ko-KR', name: '한국어' },
  { code: 'ma_MA', bcp47: 'ms-MY', name: 'Bahasa Melayu' },
  { code: 'por_POR', bcp47: 'pt-PT', name: 'Português' },
  { code: 'py_PY', bcp47: 'ru-RU', name: 'Русский' },
  { code: 'ta_TA', bcp47: 'th-TH', name: 'ไทย' },
  { code: 'tv_TV', bcp47: 'vi-VN', name: 'Tiếng Việt' },
  { code: 'zh_CN', bcp47: 'zh-CN', name: '简体中文' },
  { code: 'zh_TC', bcp47: 'zh-TW', name: '繁體中文' },
  { code: 'swe_SWE', bcp47: 'sv-SE', name: 'Svenska' },
] as const

export type LanguageCode = (typeof LANGUAGES)[number]['code']
export type Bcp47 = (typeof LANGUAGES)[number]['bcp47']

export const DEFAULT_LANGUAGE: LanguageCode = 'en_US'
export const LanguageCode = z.enum(LANGUAGES.map((l) => l.code) as [LanguageCode, ...LanguageCode[]])

const byCode = new Map<string, (typeof LANGUAGES)[number]>(LANGUAGES.map((l) => [l.code, l]))

/** The BCP 47 tag of a server code; unknown or missing codes fall back to en-US. */
export function toBcp47(code: string | null | undefined): Bcp47 {
  return (code && byCode.get(code)?.bcp47) || 'en-US'
}

export function isLanguageCode(code: unknown): code is LanguageCode {
  return typeof code === 'string' && byCode.has(code)
}
