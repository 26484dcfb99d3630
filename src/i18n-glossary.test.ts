// Holds every catalog to the glossary (locales/glossary.json, explained in docs/glossary.md): one word per trading
// term and language, so a reader never meets two names for the same thing (ja サインイン/ログイン, zh-CN 锁定/冻结).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { BCP47, CATALOGS, readCatalog } from './i18n-po.ts'

type Term = { id: string; note: string; use: Record<string, string>; avoid: Record<string, string[]> }
type Glossary = { languages: string[]; terms: Term[]; style: Record<string, { note: string; avoid: string[] }> }
const glossary = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'locales', 'glossary.json'), 'utf8')) as Glossary

// Scripts without spaces between words (and Korean, whose particles join the word) match anywhere in the text.
const SUBSTRING = new Set(['ja-JP', 'ko-KR', 'th-TH', 'zh-CN', 'zh-TW'])

/** True when `text` contains `variant`: whole words, any case; a trailing * allows any ending. */
export function uses(locale: string, text: string, variant: string): boolean {
  const prefix = variant.endsWith('*')
  const word = (prefix ? variant.slice(0, -1) : variant).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  if (SUBSTRING.has(locale)) return text.toLowerCase().includes(word.toLowerCase())
  return new RegExp(`(?<![\\p{L}\\p{M}\\p{N}])${word}${prefix ? '' : '(?![\\p{L}\\p{M}\\p{N}])'}`, 'iu').test(text)
}

describe('the glossary', () => {
  it('names a word for every term in each of the 16 languages', () => {
    expect([...glossary.languages].sort()).toEqual([...BCP47].sort())
    for (const term of glossary.terms) {
      expect(Object.keys(term.use).sort(), term.id).toEqual([...BCP47].sort())
      for (const locale of BCP47) expect(term.use[locale]?.trim(), `${term.id} ${locale}`).not.toBe('')
      for (const locale of Object.keys(term.avoid)) expect(BCP47, `${term.id} avoid ${locale}`).toContain(locale)
    }
  })

  it('is written out for translators in docs/glossary.md, word for word', () => {
    const doc = readFileSync(join(import.meta.dirname, '..', 'docs', 'glossary.md'), 'utf8')
    const missing = glossary.terms.flatMap((term) => BCP47.filter((l) => !doc.includes(`| ${term.use[l]} |`)).map((l) => `${term.id} ${l}`))
    expect(missing).toEqual([])
  })

  it('matches whole words, endings only where asked', () => {
    expect(uses('pt-PT', 'Sair da conta', 'sair')).toBe(true)
    expect(uses('pt-PT', 'Saircom', 'sair')).toBe(false)
    expect(uses('de-DE', 'Bitte einloggen', 'einlogg*')).toBe(true)
    expect(uses('de-DE', 'WalletConnect', 'wallet')).toBe(false)
    expect(uses('ja-JP', 'サインインしてください', 'サインイン')).toBe(true)
  })
})

describe.each(BCP47)('%s catalogs', (locale) => {
  const entries = CATALOGS.flatMap((name) => readCatalog(locale, name).map((entry) => ({ ...entry, name })))

  it('use the glossary word, never an avoided variant', () => {
    const found: string[] = []
    for (const term of glossary.terms) {
      for (const variant of term.avoid[locale] ?? []) {
        for (const entry of entries.filter((e) => uses(locale, e.translation, variant))) {
          found.push(`${entry.name}.po "${entry.english}": "${variant}" -> use "${term.use[locale]}" (${term.id})`)
        }
      }
    }
    expect(found).toEqual([])
  })

  it('follow the language variety (pt-PT not Brazilian, zh-TW traditional characters, ...)', () => {
    const style = glossary.style[locale]
    const found = style
      ? style.avoid.flatMap((variant) => entries.filter((e) => uses(locale, e.translation, variant)).map((e) => `"${e.translation}": ${variant}`))
      : []
    expect(found, style?.note).toEqual([])
  })
})
