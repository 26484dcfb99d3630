import { defineConfig } from '@lingui/cli'
import type { CatalogFormatter, CatalogType } from '@lingui/conf'
import { formatter } from '@lingui/format-po'
import { generateMessageId } from '@lingui/message-utils/generateMessageId'
import { LANGUAGES } from './src/contract/locales.ts'

/** Marks the English text in the comments of a message whose msgid is a key. */
export const ENGLISH_COMMENT = 'English: '

/**
 * The PO format, plus the English source as a translator comment (`#. English: ...`) on every message with an
 * explicit id: server.po's msgids are keys (server.ledger.insufficientFunds), so without it a translator of
 * de-DE/server.po would never see what to translate. Extract writes the comment from the source each time.
 */
export function poWithEnglish(po: CatalogFormatter = formatter({ lineNumbers: false })): CatalogFormatter {
  return {
    ...po,
    serialize(catalog, ctx) {
      const withEnglish: CatalogType = {}
      for (const [id, message] of Object.entries(catalog)) {
        const explicit = message.message !== undefined && id !== generateMessageId(message.message, message.context)
        if (!explicit) {
          withEnglish[id] = message
          continue
        }
        const comments = (message.comments ?? []).filter((c) => !c.startsWith(ENGLISH_COMMENT))
        withEnglish[id] = { ...message, comments: [...comments, ENGLISH_COMMENT + message.message] }
      }
      return po.serialize(withEnglish, ctx)
    },
  }
}

/**
 * The folders of screens a first visit does not show (home, the intro board, the layout, sign-in and the wallet
 * picker do): their messages are the `screens` catalog, which loads with the first such screen (src/lib/i18n.ts,
 * routes/__root.tsx), so the first visit's JavaScript stays small (bench/size.ts). A message used on both sides is
 * in both catalogs.
 */
export const SCREEN_FOLDERS = ['account', 'deposit', 'earn', 'financing', 'help', 'invite', 'kyc', 'legal', 'loan', 'news', 'nft', 'pages', 'partners', 'password', 'proof', 'records', 'selfcheck', 'support', 'trade', 'withdraw'].map(
  (feature) => `src/features/${feature}`,
)
/**
 * Instrument names: the screens that list them load after the first visit, so their names do too. The earn products'
 * sheets and lists: shared by three lazily loaded screens (in src/components, as features do not import each other).
 */
export const SCREEN_FILES = ['src/features/markets/instrument-names.ts', 'src/components/earn/sheet.tsx', 'src/components/earn/list.tsx']
/** The app's catalogs (the browser loads both; scripts/i18n-fill.ts fills either). */
export const APP_CATALOGS = ['messages', 'screens']

export default defineConfig({
  sourceLocale: 'en-US',
  locales: LANGUAGES.map((l) => l.bcp47),
  fallbackLocales: { default: 'en-US' },
  catalogs: [
    // The app's strings: loaded by the browser, one chunk per language.
    { path: '<rootDir>/locales/{locale}/messages', include: ['src'], exclude: ['**/*.test.*', '**/server-messages*', 'src/i18n-po.ts', 'src/ops/**', ...SCREEN_FOLDERS, ...SCREEN_FILES] },
    // The later screens' strings: loaded with the first screen that needs them.
    { path: '<rootDir>/locales/{locale}/screens', include: [...SCREEN_FOLDERS, ...SCREEN_FILES], exclude: ['**/*.test.*'] },
    // The operator console's strings (src/ops/): loaded by the console's bundle only (src/ops/i18n.ts).
    { path: '<rootDir>/locales/{locale}/ops', include: ['src/ops'], exclude: ['**/*.test.*'] },
    // The server's answers (src/contract/server-messages*.ts): read by the server only, kept out of the app bundle.
    { path: '<rootDir>/locales/{locale}/server', include: ['src/contract/server-messages.ts', 'src/contract/server-messages-*.ts'] },
  ],
  format: poWithEnglish(),
})
