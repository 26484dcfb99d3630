// msg follows the Language header through the app's Lingui catalogs, falling back to English.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, call } from '../test/helpers.ts'
import { createTranslator } from './i18n.ts'

// What `lingui extract` writes for messages with explicit ids, translated by hand for the test.
const GERMAN_PO = `msgid ""
msgstr ""
"Content-Type: text/plain; charset=utf-8\\n"
"Language: de-DE\\n"

#. js-lingui-explicit-id
msgid "server.ok"
msgstr "Erfolg"

#. js-lingui-explicit-id
msgid "server.invalidInput"
msgstr "Ungültige Eingabe: {field}"

#. js-lingui-explicit-id
msgid "server.unsupportedMedia"
msgstr "Nicht unterstützter Inhaltstyp"

#. js-lingui-explicit-id
msgid "server.notFound"
msgstr ""

#. js-lingui-explicit-id
#. English: Your {platformName} account
msgid "server.password.mail.taken.subject"
msgstr "Ihr {platformName}-Konto"
`

const silent = { warn: () => {} }
let localesDir: string
let app: FastifyInstance
beforeAll(async () => {
  localesDir = mkdtempSync(join(tmpdir(), 'keelson-locales-'))
  mkdirSync(join(localesDir, 'de-DE'))
  writeFileSync(join(localesDir, 'de-DE', 'server.po'), GERMAN_PO)
  mkdirSync(join(localesDir, 'ja-JP'))
  writeFileSync(join(localesDir, 'ja-JP', 'server.po'), 'msgid "unterminated')
  app = await buildTestApp({ localesDir })
})
afterAll(async () => {
  await app?.close()
  rmSync(localesDir, { recursive: true, force: true })
})

describe('translated messages', () => {
  it('answers in the Language of the request, with values filled in', async () => {
    const ok = await call(app, 'GET', '/api/queryLanguageList', { headers: { language: 'de_DE' } })
    expect(ok.body.msg).toBe('Erfolg')
    const bad = await call(app, 'GET', '/api/getConfigValue?configKey=nope', { headers: { language: 'de_DE' } })
    expect(bad.body.msg).toBe('Ungültige Eingabe: configKey')
  })

  it('falls back to English for an untranslated entry, a missing catalog or a broken one', async () => {
    const untranslated = await call(app, 'GET', '/api/nope', { headers: { language: 'de_DE' } })
    expect(untranslated.body.msg).toBe('Not found')
    for (const language of ['fr_FR', 'jp_JP']) {
      const res = await call(app, 'GET', '/api/queryLanguageList', { headers: { language } })
      expect(res.body.msg).toBe('success')
    }
  })

  it('falls back to en_US for an unknown, a BCP 47 or no Language', async () => {
    for (const headers of [{ language: 'xx_XX' }, { language: 'de-DE' }, { language: '' }, {}] as Record<string, string>[]) {
      const res = await call(app, 'GET', '/api/queryLanguageList', { headers })
      expect(res.body.msg).toBe('success')
    }
  })

  it('translates refusals raised outside route handlers too', async () => {
    const headers = { 'content-type': 'text/plain', language: 'de_DE' }
    const res = await call(app, 'POST', '/api/checkSign', { headers, payload: 'hello' })
    expect(res.body).toEqual({ code: 415, msg: 'Nicht unterstützter Inhaltstyp', data: null })
  })
})

describe('createTranslator', () => {
  it("writes amounts and prices in the reader's language, with their digits, and leaves other values alone", async () => {
    const translate = await createTranslator(join(localesDir, 'does-not-exist'), silent)
    expect(translate('de_DE', 'priceMoved', { price: '95113.24' })).toContain('95.113,24')
    expect(translate('en_US', 'priceMoved', { price: '95113.24' })).toContain('95,113.24')
    expect(translate('swe_SWE', 'priceMoved', { price: '1.10500' })).toContain('1,10500')
    expect(translate('en_US', 'mailCodeSubject', { code: '123456' })).toContain('123456')
  })

  it('answers English for every language when no catalogs exist yet', async () => {
    const translate = await createTranslator(join(localesDir, 'does-not-exist'), silent)
    expect(translate('de_DE', 'internal')).toBe('Request Error')
    expect(translate('py_PY', 'invalidInput', { field: 'address' })).toBe('Invalid input: address')
    expect(translate(undefined, 'ok')).toBe('success')
  })

  it("names the operator's platform, not a hard-coded brand, in every language", async () => {
    let name = 'Harbour'
    const translate = await createTranslator(localesDir, silent, () => name)
    expect(translate('de_DE', 'mailTakenSubject')).toBe('Ihr Harbour-Konto')
    expect(translate('en_US', 'mailCodeSubject', { code: '123456' })).toBe('Your Harbour verification code: 123456')
    name = 'Renamed'
    expect(translate('de_DE', 'mailTakenSubject')).toBe('Ihr Renamed-Konto')
    const byDefault = await createTranslator(localesDir, silent)
    expect(byDefault('en_US', 'mailTakenSubject')).toBe('Your Keelson account')
  })
})
