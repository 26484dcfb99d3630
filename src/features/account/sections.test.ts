// The account list in every language: a group's title never reads the same as one of its own rows (a group
// "Einstellungen" holding a row "Einstellungen" says nothing twice over), nor do two rows of a group read alike.
import { describe, expect, it } from 'vitest'
import { LANGUAGES } from '#contract/locales.ts'
import { activateLanguage, i18n, loadScreenMessages } from '../../lib/i18n.ts'
import { ACCOUNT_GROUPS, ACCOUNT_SECTIONS } from './sections.ts'

describe('the account list groups', () => {
  it.each(LANGUAGES.map((l) => [l.bcp47, l.code] as const))('%s: no group title repeats one of its rows', async (_, code) => {
    await activateLanguage(code)
    await loadScreenMessages()
    const repeats: string[] = []
    for (const group of ACCOUNT_GROUPS) {
      const title = i18n._(group.title)
      const rows = group.types.map((type) => i18n._(ACCOUNT_SECTIONS.find((s) => s.type === type)!.label))
      const same = (a: string, b: string) => a.localeCompare(b, i18n.locale, { sensitivity: 'base' }) === 0
      for (const row of rows) if (same(row, title)) repeats.push(`group "${title}" has a row "${row}"`)
      rows.forEach((row, i) => rows.slice(i + 1).forEach((other) => same(row, other) && repeats.push(`group "${title}" has "${row}" twice`)))
    }
    expect(repeats).toEqual([])
  })
})
