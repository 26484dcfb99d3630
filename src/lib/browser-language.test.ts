import { describe, expect, it } from 'vitest'
import { matchBrowserLanguage } from './browser-language.ts'

describe('matchBrowserLanguage', () => {
  it('takes the exact language and region when the app has it', () => {
    expect(matchBrowserLanguage(['de-DE'])).toBe('de_DE')
    expect(matchBrowserLanguage(['ja-JP'])).toBe('jp_JP')
    expect(matchBrowserLanguage(['th-TH'])).toBe('ta_TA')
  })

  it("falls back to the language alone for another region or none", () => {
    expect(matchBrowserLanguage(['de-AT'])).toBe('de_DE')
    expect(matchBrowserLanguage(['de-CH'])).toBe('de_DE')
    expect(matchBrowserLanguage(['pt-BR'])).toBe('por_POR')
    expect(matchBrowserLanguage(['es-MX'])).toBe('es_ES')
    expect(matchBrowserLanguage(['en-GB'])).toBe('en_US')
    expect(matchBrowserLanguage(['fr-CA'])).toBe('fr_FR')
    expect(matchBrowserLanguage(['ru'])).toBe('py_PY')
    expect(matchBrowserLanguage(['sv-FI'])).toBe('swe_SWE')
    expect(matchBrowserLanguage(['ms'])).toBe('ma_MA')
    expect(matchBrowserLanguage(['in-ID'])).toBe('id_ID')
  })

  it('splits Chinese by script: Traditional for Taiwan, Hong Kong, Macau and zh-Hant', () => {
    expect(matchBrowserLanguage(['zh-HK'])).toBe('zh_TC')
    expect(matchBrowserLanguage(['zh-TW'])).toBe('zh_TC')
    expect(matchBrowserLanguage(['zh-Hant-HK'])).toBe('zh_TC')
    expect(matchBrowserLanguage(['zh-MO'])).toBe('zh_TC')
    expect(matchBrowserLanguage(['zh-CN'])).toBe('zh_CN')
    expect(matchBrowserLanguage(['zh-SG'])).toBe('zh_CN')
    expect(matchBrowserLanguage(['zh-Hans-HK'])).toBe('zh_CN')
    expect(matchBrowserLanguage(['zh'])).toBe('zh_CN')
  })

  it("follows the user's order and skips languages the app does not have", () => {
    expect(matchBrowserLanguage(['nl-NL', 'fr-BE', 'de-DE'])).toBe('fr_FR')
    expect(matchBrowserLanguage(['nl-NL', 'pl'])).toBeNull()
    expect(matchBrowserLanguage([])).toBeNull()
  })
})
