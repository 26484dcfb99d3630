import { setupI18n } from '@lingui/core'
import { describe, expect, it } from 'vitest'
import { generateMessageId } from '@lingui/message-utils/generateMessageId'
import { LANGUAGES } from '#contract/locales.ts'
import { readCatalog } from '../../i18n-po.ts'
import { instrumentName, matchesSearch } from './instrument-names.ts'

describe('the market search', () => {
  it.each(['EUR/USD', 'eur usd', 'eurusd', 'EURUSD', ' eur-usd '])('finds EURUSD from "%s"', (query) => {
    expect(matchesSearch(query, 'EURUSD', ['Euro vs US Dollar'])).toBe(true)
  })

  it('finds an instrument by its translated name, whole or word by word', () => {
    expect(matchesSearch('ユーロ', 'EURUSD', ['ユーロ／米ドル', 'Euro vs US Dollar'])).toBe(true)
    expect(matchesSearch('dollar euro', 'EURUSD', ['Euro vs US Dollar'])).toBe(true)
    expect(matchesSearch('биткоин', 'BTCUSDT', ['Биткоин', 'Bitcoin'])).toBe(true)
  })

  it('does not find what the query does not name', () => {
    expect(matchesSearch('eur jpy', 'EURUSD', ['Euro vs US Dollar'])).toBe(false)
    expect(matchesSearch('GBP', 'EURUSD', ['Euro vs US Dollar'])).toBe(false)
  })
})

describe('instrument names', () => {
  it('are translated in every language, the symbol aside', () => {
    // Every named instrument of the catalogue has a translation in each catalog (i18n-catalogs.test.ts checks none
    // is empty); here: the names the reader sees are those translations, not the server's English.
    for (const { bcp47 } of LANGUAGES.filter((l) => l.bcp47 !== 'en-US')) {
      const messages = Object.fromEntries(readCatalog(bcp47, 'screens').map((e) => [generateMessageId(e.msgid, e.context), e.translation]))
      const i18n = setupI18n({ locale: bcp47, messages: { [bcp47]: messages } })
      expect(instrumentName(i18n, 'EURUSD', 'Euro vs US Dollar'), bcp47).not.toBe('Euro vs US Dollar')
      expect(instrumentName(i18n, 'NGAS', 'Natural Gas'), bcp47).not.toBe('Natural Gas')
    }
  })

  it('fall back to the server name for a company or fund', () => {
    expect(instrumentName(setupI18n({ locale: 'de-DE', messages: { 'de-DE': {} } }), 'AAPL', 'Apple Inc.')).toBe('Apple Inc.')
  })
})
