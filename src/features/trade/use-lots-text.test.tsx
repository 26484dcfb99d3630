// "1 lot", "2 lots" in each of the 16 languages, rendered from the real catalogs (locales/<bcp47>/screens.po, compiled
// as the app compiles them) by the hook every position, order and ticket uses: each count takes its language's CLDR
// plural form (Russian 1 лот, 2 лота, 5 лотов, 21 лот, 22 лота; French 0,5 lot), nothing of the ICU source shows,
// and no language falls back to the English.
// The form follows the number as written: visible fraction digits count (CLDR), so "1.00" is English "1.00 lots" and
// Russian "21,0 лота", while Spanish and French keep "one" for 1,00.
import { renderToStaticMarkup } from 'react-dom/server'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { I18nProvider } from '@lingui/react'
import { describe, expect, it } from 'vitest'
import { LANGUAGES } from '#contract/locales.ts'
import { activateLanguage, i18n, loadScreenMessages } from '../../lib/i18n.ts'
import { useLotsText } from './use-lots-text.ts'

const SIZES = ['1', '2', '5', '21', '22', '0.5', '1.00', '21.0'] as const

/** What a trader reads for each of SIZES. */
const EXPECTED: Record<(typeof LANGUAGES)[number]['bcp47'], string[]> = {
  'en-US': ['1 lot', '2 lots', '5 lots', '21 lots', '22 lots', '0.5 lots', '1.00 lots', '21.0 lots'],
  'de-DE': ['1 Lot', '2 Lots', '5 Lots', '21 Lots', '22 Lots', '0,5 Lots', '1,00 Lots', '21,0 Lots'],
  'es-ES': ['1 lote', '2 lotes', '5 lotes', '21 lotes', '22 lotes', '0,5 lotes', '1,00 lote', '21,0 lotes'],
  // French counts 0 to 1.99 as one: "0,5 lot".
  'fr-FR': ['1 lot', '2 lots', '5 lots', '21 lots', '22 lots', '0,5 lot', '1,00 lot', '21,0 lots'],
  // लॉट, a masculine noun ending in a consonant, is the same in the plural.
  'hi-IN': ['1 लॉट', '2 लॉट', '5 लॉट', '21 लॉट', '22 लॉट', '0.5 लॉट', '1.00 लॉट', '21.0 लॉट'],
  'id-ID': ['1 lot', '2 lot', '5 lot', '21 lot', '22 lot', '0,5 lot', '1,00 lot', '21,0 lot'],
  'ja-JP': ['1 ロット', '2 ロット', '5 ロット', '21 ロット', '22 ロット', '0.5 ロット', '1.00 ロット', '21.0 ロット'],
  'ko-KR': ['1랏', '2랏', '5랏', '21랏', '22랏', '0.5랏', '1.00랏', '21.0랏'],
  'ms-MY': ['1 lot', '2 lot', '5 lot', '21 lot', '22 lot', '0.5 lot', '1.00 lot', '21.0 lot'],
  'pt-PT': ['1 lote', '2 lotes', '5 lotes', '21 lotes', '22 lotes', '0,5 lotes', '1,00 lotes', '21,0 lotes'],
  'ru-RU': ['1 лот', '2 лота', '5 лотов', '21 лот', '22 лота', '0,5 лота', '1,00 лота', '21,0 лота'],
  'th-TH': ['1 ล็อต', '2 ล็อต', '5 ล็อต', '21 ล็อต', '22 ล็อต', '0.5 ล็อต', '1.00 ล็อต', '21.0 ล็อต'],
  'vi-VN': ['1 lot', '2 lot', '5 lot', '21 lot', '22 lot', '0,5 lot', '1,00 lot', '21,0 lot'],
  'zh-CN': ['1 手', '2 手', '5 手', '21 手', '22 手', '0.5 手', '1.00 手', '21.0 手'],
  'zh-TW': ['1 手', '2 手', '5 手', '21 手', '22 手', '0.5 手', '1.00 手', '21.0 手'],
  // Swedish leaves a unit after a number as it is ("5 kilo", "2 lot").
  'sv-SE': ['1 lot', '2 lot', '5 lot', '21 lot', '22 lot', '0,5 lot', '1,00 lot', '21,0 lot'],
}

function Sizes() {
  const lotsText = useLotsText()
  return <>{SIZES.map((lots) => lotsText(lots)).join('|')}</>
}

/** The hook's text for every size, in the language, with both app catalogs loaded as the later screens have them. */
async function render(code: (typeof LANGUAGES)[number]['code']): Promise<string[]> {
  await activateLanguage(code)
  await loadScreenMessages()
  const html = renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <I18nProvider i18n={i18n}>
        <Sizes />
      </I18nProvider>
    </QueryClientProvider>,
  )
  // Intl separates some languages' groups with narrow no-break spaces; none of these sizes has groups.
  return html.split('|')
}

describe('a size in lots', () => {
  it.each(LANGUAGES.map((l) => [l.bcp47, l.code] as const))('%s: each count in its plural form', async (bcp47, code) => {
    const texts = await render(code)
    expect(texts).toEqual(EXPECTED[bcp47])
    expect(texts.filter((text) => /[{}#]|count|size/.test(text))).toEqual([])
    // No English left: "2 lots" and "5 lots" are English (French alone writes them alike).
    if (bcp47 !== 'en-US' && bcp47 !== 'fr-FR') expect(texts.filter((text) => text === '2 lots' || text === '5 lots')).toEqual([])
  })

  it('uses a distinct "one" form wherever the language inflects it after a number', async () => {
    for (const code of ['en_US', 'de_DE', 'es_ES', 'fr_FR', 'por_POR', 'py_PY'] as const) {
      const [one, two, five] = await render(code)
      expect(one!.replace('1', '')).not.toBe(two!.replace('2', ''))
      expect(one!.replace('1', '')).not.toBe(five!.replace('5', ''))
    }
  })
})
