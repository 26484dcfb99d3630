// The app's two catalogs: the later screens' messages join the active language once asked for, and stay with every
// language switched to afterwards, whatever order the loads finish in (a slow older load never wins).
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { generateMessageId } from '@lingui/message-utils/generateMessageId'

// A fresh module (and Lingui instance) per test: what one test asked for is not already loaded in the next.
let app: typeof import('./i18n.ts')
beforeEach(async () => {
  vi.resetModules()
  app = await import('./i18n.ts')
})

// "Account verification" is a later screen's message (screens.po); "Prices" is the home page's (messages.po).
const screen = generateMessageId('Account verification')
const home = generateMessageId('Prices')

describe('the app catalogs', () => {
  it('load the later screens in the active language, and again in each language switched to', async () => {
    const { activateLanguage, changeLanguage, i18n, loadScreenMessages } = app
    await activateLanguage('de_DE')
    expect(i18n.locale).toBe('de-DE')
    expect(i18n._(home)).toBe('Preise')
    expect(i18n.messages[screen]).toBeUndefined()

    await loadScreenMessages()
    expect(i18n._(screen)).toBe('Kontoverifizierung')
    expect(i18n._(home)).toBe('Preise')

    await changeLanguage('jp_JP')
    expect(i18n.locale).toBe('ja-JP')
    expect(i18n._(screen)).not.toBe('Kontoverifizierung')
    expect(i18n._(screen)).not.toBe(screen)
    expect(i18n._(home)).not.toBe('Preise')
  })

  it('end in the language asked for last, with both catalogs, when loads overlap', async () => {
    const { activateLanguage, i18n, loadScreenMessages } = app
    await Promise.all([activateLanguage('fr_FR'), loadScreenMessages(), activateLanguage('de_DE')])
    expect(i18n.locale).toBe('de-DE')
    expect(i18n._(screen)).toBe('Kontoverifizierung')
    expect(i18n._(home)).toBe('Preise')
  })
})
