// The first visit speaks the browser's language when it is one of the 16 (a stored choice always wins, see
// session.ts). The browser's list is walked in the user's order; a tag matches its exact language and region, else
// its language alone (de-AT -> German, pt-BR -> the one Portuguese there is), with Chinese split by script:
// Traditional for zh-Hant, Taiwan, Hong Kong and Macau, Simplified otherwise.
import { LANGUAGES, type LanguageCode } from '#contract/locales.ts'

const TRADITIONAL = /^zh-(hant|tw|hk|mo)\b/
/** Old or alternative primary tags of the same languages. */
const ALIASES: Record<string, string> = { in: 'id', iw: 'he', nb: 'no', zsm: 'ms', fil: 'tl' }

export function matchBrowserLanguage(tags: readonly string[]): LanguageCode | null {
  for (const raw of tags) {
    const tag = raw.trim().toLowerCase().replace(/_/g, '-')
    if (!tag) continue
    const exact = LANGUAGES.find((l) => l.bcp47.toLowerCase() === tag)
    if (exact) return exact.code
    const primary = tag.split('-')[0]!
    const lang = ALIASES[primary] ?? primary
    if (lang === 'zh') return TRADITIONAL.test(tag) ? 'zh_TC' : 'zh_CN'
    const byLanguage = LANGUAGES.find((l) => l.bcp47.split('-')[0] === lang)
    if (byLanguage) return byLanguage.code
  }
  return null
}

/** The browser's preferred languages, most wanted first. */
export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return []
  return navigator.languages?.length ? navigator.languages : navigator.language ? [navigator.language] : []
}
