// All 16 languages are complete and say the same thing as the English: every message is translated, keeps the same
// placeholders ({name}, <0>…</0>), and counts use the plural categories of the language (ru one/few/many/other,
// ja other only), so "1 unread messages" cannot come back.
import { describe, expect, it } from 'vitest'
import { BCP47, CATALOGS, icuShape, readCatalog } from './i18n-po.ts'

// CLDR gives fr, es and pt a "many" form for millions ("1 million de ..."); counts here never need it.
const OPTIONAL = new Map([['fr-FR', ['many']], ['es-ES', ['many']], ['pt-PT', ['many']]])

function placeholders(message: string): string[] {
  const tags = [...message.matchAll(/<\/?(\d+)\/?>/g)].map((m) => `<${m[1]}>`)
  return [...new Set([...icuShape(message).args].map((name) => `{${name}}`).concat(tags))].sort()
}

describe.each(CATALOGS)('%s.po', (name) => {
  const english = readCatalog('en-US', name)

  it.each(BCP47)('%s has every message of the source catalog, each translated', (locale) => {
    const entries = readCatalog(locale, name)
    expect(entries.map((e) => e.key).sort()).toEqual(english.map((e) => e.key).sort())
    expect(entries.filter((e) => !e.translation.trim()).map((e) => e.english)).toEqual([])
  })

  it.each(BCP47)('%s keeps the placeholders of the English', (locale) => {
    const differ = readCatalog(locale, name)
      .filter((e) => e.translation && placeholders(e.english).join() !== placeholders(e.translation).join())
      .map((e) => `"${e.english}" -> "${e.translation}"`)
    expect(differ).toEqual([])
  })

  it.each(BCP47)('%s uses the plural categories of the language', (locale) => {
    const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories as string[]
    const required = categories.filter((c) => !(OPTIONAL.get(locale) ?? []).includes(c))
    const wrong: string[] = []
    for (const entry of readCatalog(locale, name)) {
      for (const plural of icuShape(entry.translation).plurals) {
        const used = plural.categories.filter((c) => !/^=\d+$/.test(c))
        const missing = required.filter((c) => !used.includes(c))
        const foreign = used.filter((c) => !categories.includes(c))
        if (missing.length || foreign.length) wrong.push(`"${entry.translation}": missing ${missing}, not in ${locale}: ${foreign}`)
      }
    }
    expect(wrong).toEqual([])
  })
})

describe('the catalog checks', () => {
  it('see placeholders and plural categories inside nested messages', () => {
    expect(placeholders('{count, plural, one {<0>#</0> message from {who}} other {# messages}}')).toEqual(['<0>', '{count}', '{who}'])
    expect(icuShape('{n, plural, =0 {none} one {#} few {#} many {#} other {#}}').plurals).toEqual([
      { arg: 'n', categories: ['=0', 'one', 'few', 'many', 'other'] },
    ])
    expect([...new Intl.PluralRules('ru-RU').resolvedOptions().pluralCategories].sort()).toEqual(['few', 'many', 'one', 'other'])
  })
})
