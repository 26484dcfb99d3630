// Translates the server's messages into the caller's Language. The catalogs are the app's Lingui catalogs
// (locales/<bcp47>/server.po, the server's part of them), so server and app share one set of translations. A missing catalog or an
// untranslated entry falls back to the English text in serverMessages. Every message may name the platform as
// {platformName}: the translator fills it from the operator's setting, so no text hard-codes a brand.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { setupI18n, type I18n, type Messages } from '@lingui/core'
import { formatter } from '@lingui/format-po'
import { compileMessage } from '@lingui/message-utils/compileMessage'
import { LANGUAGES, toBcp47 } from '#contract/locales.ts'
import { serverMessages, type ServerMessageKey } from '#contract/server-messages.ts'
import type { MessageValues } from '../app-error.ts'

export type Translate = (language: string | undefined, key: ServerMessageKey, values?: MessageValues) => string

type Log = { warn: (obj: object, msg: string) => void }

/** The name the server's own options fall back to (server/options.ts) when the operator sets none. */
const DEFAULT_PLATFORM_NAME = 'Keelson'

/** English texts, compiled once; every locale starts from these so a gap never shows an id. */
function englishMessages(): Messages {
  const messages: Messages = {}
  for (const descriptor of Object.values(serverMessages)) messages[descriptor.id] = compileMessage(descriptor.message)
  return messages
}

async function readCatalog(file: string, locale: string, log: Log): Promise<Messages> {
  if (!existsSync(file)) return {}
  try {
    const po = formatter({ explicitIdAsDefault: false })
    const catalog = await po.parse(readFileSync(file, 'utf8'), { locale, sourceLocale: 'en-US', filename: file })
    const messages: Messages = {}
    for (const [id, entry] of Object.entries(catalog)) {
      // Only ids the server uses; empty msgstr means "not translated yet".
      if (entry.translation && !entry.obsolete && id.startsWith('server.')) {
        messages[id] = compileMessage(entry.translation)
      }
    }
    return messages
  } catch (error) {
    // A broken catalog must not stop the server: answer in English and say why in the log.
    log.warn({ err: error, file }, 'could not load catalog')
    return {}
  }
}

/**
 * `platformName` is read on every call, so a name the operator changes at run time shows up in the next answer.
 * Values given by the caller win over it.
 */
export async function createTranslator(
  localesDir: string,
  log: Log,
  platformName: () => string = () => DEFAULT_PLATFORM_NAME,
): Promise<Translate> {
  const english = englishMessages()
  const byLocale = new Map<string, I18n>()
  for (const { bcp47 } of LANGUAGES) {
    const translated = await readCatalog(join(localesDir, bcp47, 'server.po'), bcp47, log)
    const i18n = setupI18n({ locale: bcp47, messages: { [bcp47]: { ...english, ...translated } } })
    i18n.setMessagesCompiler(compileMessage)
    byLocale.set(bcp47, i18n)
  }
  return (language, key, values) => {
    const locale = toBcp47(language)
    const i18n = byLocale.get(locale) ?? byLocale.get('en-US')!
    const descriptor = serverMessages[key]
    return i18n._({ id: descriptor.id, message: descriptor.message, values: { platformName: platformName(), ...readable(values, locale) } })
  }
}

/** The values that are amounts or prices; others (an order number, a chain code, a field name) stay as they are. */
const NUMBER_KEYS = new Set(['above', 'allowed', 'amount', 'available', 'fee', 'free', 'left', 'max', 'min', 'price', 'receive', 'required', 'step'])
const DECIMAL = /^-?\d+(\.\d+)?$/

/**
 * Amounts and prices in the reader's language, as the app shows them ("95.113,24" in German, not "95113.24"), with
 * the digits they came with. Intl takes the exact decimal string, so nothing passes through a float.
 */
export function readable(values: MessageValues | undefined, locale: string): MessageValues | undefined {
  if (!values) return values
  const out: MessageValues = { ...values }
  for (const [key, value] of Object.entries(values)) {
    if (!NUMBER_KEYS.has(key) || typeof value !== 'string' || !DECIMAL.test(value)) continue
    const digits = value.split('.')[1]?.length ?? 0
    out[key] = new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value as unknown as number)
  }
  return out
}
